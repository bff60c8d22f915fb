import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { passwordResetRequestSchema } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { RouterLink } from '../../../components/RouterLink';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { DemoMailboxLink } from '../../demo-mailbox/components/DemoMailboxLink';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from './AuthCard';
import { describeAuthError } from './describe-auth-error';

/**
 * /forgot-password: asks for a reset link. The server answers the same whether or not the e-mail
 * has an account, so the page shows its neutral message and nothing more.
 */
export function ForgotPasswordPage() {
  const { fieldProps, setFieldErrors, parse } = useSchemaForm(passwordResetRequestSchema, { email: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ message: string; to: string } | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const input = parse();
    if (!input) return;
    setIsSubmitting(true);
    try {
      setSent({ message: (await requestPasswordReset(input)).message, to: input.email });
    } catch (error) {
      // A 429 (too many requests) carries its own message, shown as it is.
      const { message, errors } = describeAuthError(error);
      setServerError(message);
      setFieldErrors(errors);
    }
    setIsSubmitting(false);
  }

  return (
    <AuthCard title="Reset your password">
      {sent ? (
        <>
          <Alert severity="success">{sent.message}</Alert>
          <DemoMailboxLink email={sent.to} />
        </>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
          <Typography variant="body2" color="text.secondary">
            Enter the e-mail of your account and we will send you a link to choose a new password.
          </Typography>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" required fullWidth {...fieldProps('email')} />
          <Button type="submit" variant="contained" fullWidth loading={isSubmitting}>
            Send
          </Button>
        </Stack>
      )}
      <Typography variant="body2" align="center" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
