import { useState } from 'react';

export interface CsvFile {
  name: string;
  text: string;
}

/**
 * The steps of a CSV import checked by the server first: choose a file, send it as a dry run
 * (the server lists what would change and changes nothing), then send it for real. `send` calls the
 * import endpoint; `onApplied` runs after a real import, whose answer is kept as `applied`. A
 * refusal is kept as `failure` (the error itself, for the screen to word), and a new file forgets
 * the last preview, answer and refusal.
 */
export function useCsvImport<Result>(
  send: (csv: string, isDryRun: boolean) => Promise<Result>,
  onApplied: (result: Result) => void = () => undefined,
) {
  const [file, setFile] = useState<CsvFile>();
  const [preview, setPreview] = useState<Result>();
  const [applied, setApplied] = useState<Result>();
  const [failure, setFailure] = useState<unknown>();
  const [isBusy, setIsBusy] = useState(false);

  async function run(isDryRun: boolean) {
    if (!file) return;
    setIsBusy(true);
    setFailure(undefined);
    setApplied(undefined);
    try {
      const result = await send(file.text, isDryRun);
      if (isDryRun) {
        setPreview(result);
      } else {
        setPreview(undefined);
        setFile(undefined);
        setApplied(result);
        onApplied(result);
      }
    } catch (error) {
      setPreview(undefined);
      setFailure(error ?? new Error('import failed'));
    } finally {
      setIsBusy(false);
    }
  }

  return {
    file,
    preview,
    applied,
    failure,
    isBusy,
    async choose(chosen: File | undefined) {
      setPreview(undefined);
      setApplied(undefined);
      setFailure(undefined);
      setFile(chosen ? { name: chosen.name, text: await chosen.text() } : undefined);
    },
    checkFile: () => run(true),
    applyFile: () => run(false),
  };
}
