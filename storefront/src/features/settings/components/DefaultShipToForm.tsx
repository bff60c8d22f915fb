import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { saveDefaultShipTo } from '../api/save-default-ship-to';

/** provider-portal §9: save confirmation 3 s. */
const SAVED_MESSAGE_MS = 3000;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

interface DefaultShipToFormProps {
  initialValue: string;
  onSaved(defaultShipTo: string | null): void;
}

/** The editable default ship-to of the Settings profile card: free text, 'Saved ✓' or 'Error saving'. */
export function DefaultShipToForm({ initialValue, onSaved }: DefaultShipToFormProps) {
  const [value, setValue] = useState(initialValue);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const timerRef = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    window.clearTimeout(timerRef.current);
    setSaveState('saving');
    try {
      const saved = await saveDefaultShipTo(value);
      onSaved(saved.default_ship_to);
      setSaveState('saved');
      timerRef.current = window.setTimeout(() => setSaveState('idle'), SAVED_MESSAGE_MS);
    } catch {
      setSaveState('failed');
    }
  }

  return (
    <Stack component="form" spacing={1.5} onSubmit={(event) => void handleSubmit(event)}>
      <TextField
        label="Default ship-to"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        helperText="Where your orders usually go, e.g. a ward, room or loading dock."
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={saveState === 'saving'}>
          Save
        </Button>
        <Typography role="status" color={saveState === 'failed' ? 'error' : 'success.dark'} sx={{ fontWeight: 600 }}>
          {saveState === 'saved' ? 'Saved ✓' : saveState === 'failed' ? 'Error saving' : ''}
        </Typography>
      </Stack>
    </Stack>
  );
}
