import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import type { MfaEnrollment } from '../api/start-mfa-enrollment';
import { MfaCodeForm } from './MfaCodeForm';

interface MfaEnrollmentPanelProps {
  enrollment: MfaEnrollment;
  onVerify(code: string): Promise<void>;
  onCancel(): void;
}

/** The QR code, the key for typing in by hand, and the first code that proves the app has it. */
export function MfaEnrollmentPanel({ enrollment, onVerify, onCancel }: MfaEnrollmentPanelProps) {
  return (
    <Stack spacing={2}>
      <Typography>
        Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password …), then
        enter the 6-digit code it shows.
      </Typography>
      <Box
        component="img"
        src={enrollment.qr_data_url}
        alt="QR code for setting up two-step sign-in in an authenticator app"
        sx={{ width: 200, height: 200, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <TextField
        label="Setup key"
        helperText="Can't scan the code? Enter this key in the app instead (time-based, 6 digits)."
        value={enrollment.secret}
        sx={{ maxWidth: 480 }}
        slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
      />
      <MfaCodeForm submitLabel="Verify" onSubmit={onVerify} onCancel={onCancel} />
    </Stack>
  );
}
