import cliProgress from 'cli-progress';

/** A progress bar on stderr for long work, shown only to a person at a terminal. */
export function createProgress(label: string, isEnabled: boolean) {
  if (!isEnabled || !process.stderr.isTTY) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total}`, stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let isStarted = false;
  return {
    update(done: number, total: number) {
      if (!isStarted) {
        bar.start(total, done);
        isStarted = true;
      } else bar.update(done);
    },
    stop() {
      if (isStarted) bar.stop();
    },
  };
}
