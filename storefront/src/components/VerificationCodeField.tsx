import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * The code of a two-step verification: six digits from an authenticator app or a recovery code,
 * filled in by the browser's one-time-code autofill where it offers one.
 */
export function VerificationCodeField({
  value,
  onChange,
  error,
  fullWidth,
  sx,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  fullWidth?: boolean;
  sx?: TextFieldProps['sx'];
}) {
  return (
    <TextField
      label="Verification code"
      placeholder="123456"
      autoComplete="one-time-code"
      autoFocus
      required
      fullWidth={fullWidth}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={sx}
      slotProps={{ htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: 'none' } }}
    />
  );
}
