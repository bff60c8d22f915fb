import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';

import { VerificationCodeField } from '../../../components/VerificationCodeField';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../hooks/use-auth';
import { describeAuthError } from './describe-auth-error';

/** Both a TOTP code (123456) and a recovery code (a1b2c-3d4e5-f6a7b-8c9d0) are at least this long. */
const CODE_MIN_LENGTH = 6;

interface MfaCodeStepProps {
  /** The password step is too old (MFA_SESSION_EXPIRED): back to it, with the server's message. */
  onSessionExpired(message: string): void;
  onCancel(): void;
}

/** The second step of a sign-in; on success the sign-in page sends the user on. */
export function MfaCodeStep({ onSessionExpired, onCancel }: MfaCodeStepProps) {
  const { verifyMfa } = useAuth();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    setServerError(null);
    if (trimmed.length < CODE_MIN_LENGTH) {
      setFieldError('Enter the 6-digit code');
      return;
    }
    setFieldError(undefined);
    setIsSubmitting(true);
    try {
      await verifyMfa(trimmed);
    } catch (error) {
      const { message, errors } = describeAuthError(error);
      if (isApiError(error) && error.code === 'MFA_SESSION_EXPIRED') {
        onSessionExpired(message);
        return;
      }
      setServerError(message);
      setFieldError(errors.code);
      setCode('');
      setIsSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
      <Typography variant="h6" component="h2">
        Two-step verification
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </Typography>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <VerificationCodeField value={code} onChange={setCode} error={fieldError} fullWidth />
      <Button type="submit" variant="contained" fullWidth loading={isSubmitting}>
        Verify
      </Button>
      <Button variant="text" fullWidth onClick={onCancel} disabled={isSubmitting}>
        Back to sign in
      </Button>
    </Stack>
  );
}
