import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';

import { VerificationCodeField } from '../../../components/VerificationCodeField';
import { isApiError } from '../../../lib/api-client';

interface MfaCodeFormProps {
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  /** Rejects with the server's error; its message is shown above the field. */
  onSubmit(code: string): Promise<void>;
  onCancel(): void;
}

/** A 6-digit code (or a recovery code) and a button; the server decides whether it is right. */
export function MfaCodeForm({ submitLabel, submitColor = 'primary', onSubmit, onCancel }: MfaCodeFormProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    setServerError(null);
    if (trimmed.length < 6) {
      setFieldError('Enter the 6-digit code');
      return;
    }
    setFieldError(undefined);
    setIsSubmitting(true);
    try {
      await onSubmit(trimmed);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
      setCode('');
      setIsSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <VerificationCodeField value={code} onChange={setCode} error={fieldError} sx={{ maxWidth: 280 }} />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" color={submitColor} loading={isSubmitting}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
