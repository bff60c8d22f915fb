import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

import { useToast } from '../../../components/ToastProvider';
import { copyText } from '../../../lib/clipboard';

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  onDone(): void;
}

/** Shown once, right after two-step sign-in is turned on: the server keeps only their hashes. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const showToast = useToast();

  async function copyCodes() {
    try {
      await copyText(codes.join('\n'));
      showToast({ title: 'Recovery codes copied' });
    } catch (error) {
      const description = error instanceof Error ? error.message : 'The codes could not be copied.';
      showToast({ title: 'Copy failed', description, severity: 'error' });
    }
  }

  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        <AlertTitle>Save these recovery codes now</AlertTitle>
        They will not be shown again. Each code signs you in once if you lose your authenticator app; keep them
        somewhere safe, such as a password manager.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          columnGap: 4,
          rowGap: 1,
          fontFamily: 'monospace',
          fontSize: 16,
          bgcolor: 'grey.100',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void copyCodes()}>
          Copy codes
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Stack>
  );
}
