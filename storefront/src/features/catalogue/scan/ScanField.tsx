import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ScanResult } from '@supply-hub/api/contracts';
import { useState } from 'react';

import { isApiError } from '../../../lib/api-client';
import { resolveScan } from '../api/resolve-scan';

/** What a scan did, said under the field. */
export interface ScanNote {
  severity: 'success' | 'warning' | 'error';
  text: string;
}

/**
 * A field a USB or phone scanner types into, ending with Enter: the code is
 * resolved by GET /api/scan and handed to `onScan`, whose note is shown; an unreadable code or an
 * unknown barcode shows the server's message and `onScan` is not called. The field is emptied at
 * once and keeps the focus, so the next label can be scanned while this one resolves.
 */
export function ScanField({
  label,
  helperText,
  onScan,
}: {
  label: string;
  helperText: string;
  onScan: (scan: ScanResult) => ScanNote;
}) {
  const [text, setText] = useState('');
  const [note, setNote] = useState<ScanNote | null>(null);

  async function resolve() {
    const code = text.trim();
    if (!code) return;
    setText('');
    try {
      setNote(onScan(await resolveScan(code)));
    } catch (error) {
      setNote({
        severity: 'error',
        text: isApiError(error) ? error.message : 'The scan could not be read. Please try again.',
      });
    }
  }

  return (
    <Box>
      <TextField
        label={label}
        helperText={helperText}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          // Enter ends a scan: it must not move on, nor submit a form the field is in.
          event.preventDefault();
          void resolve();
        }}
        fullWidth
        slotProps={{ htmlInput: { autoComplete: 'off', enterKeyHint: 'done', maxLength: 200 } }}
        sx={{ mb: 1 }}
      />
      <Box aria-live="polite">{note && <Alert severity={note.severity}>{note.text}</Alert>}</Box>
    </Box>
  );
}
