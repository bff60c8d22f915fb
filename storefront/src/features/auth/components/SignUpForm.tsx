import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { signUpSchema } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { useSchemaForm } from '../../../hooks/use-schema-form';
import { DemoMailboxLink } from '../../demo-mailbox/components/DemoMailboxLink';
import { useAuth } from '../hooks/use-auth';
import { describeAuthError } from './describe-auth-error';

const EMPTY = { first_name: '', last_name: '', email: '', password: '' };
type SignUpField = keyof typeof EMPTY;

/**
 * Asks for the sign-up mail. The answer is the same whether or not the e-mail has an account, so
 * the form only says to check the e-mail; the mailed link creates the account (ConfirmSignUpPage).
 */
export function SignUpForm() {
  const { signUp } = useAuth();
  const { fieldProps, setFieldErrors, parse } = useSchemaForm(signUpSchema, EMPTY);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ message: string; to: string } | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const field = (name: SignUpField) => ({ ...fieldProps(name), required: true, fullWidth: true });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const input = parse();
    if (!input) return;
    setIsSubmitting(true);
    try {
      setSent({ message: await signUp(input), to: input.email });
    } catch (error) {
      const { message, errors } = describeAuthError(error);
      setServerError(message);
      setFieldErrors(errors);
    }
    setIsSubmitting(false);
  }

  if (sent) {
    return (
      <>
        <Alert severity="success">{sent.message}</Alert>
        <DemoMailboxLink email={sent.to} />
      </>
    );
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <Stack direction="row" spacing={2}>
        <TextField label="First Name" autoComplete="given-name" {...field('first_name')} />
        <TextField label="Last Name" autoComplete="family-name" {...field('last_name')} />
      </Stack>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        placeholder="Min. 6 characters"
        autoComplete="new-password"
        {...field('password')}
      />
      <Button type="submit" variant="contained" fullWidth loading={isSubmitting}>
        Sign Up
      </Button>
    </Stack>
  );
}
