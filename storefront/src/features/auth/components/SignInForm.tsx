import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { signInSchema } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { RouterLink } from '../../../components/RouterLink';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useAuth } from '../hooks/use-auth';
import { describeAuthError } from './describe-auth-error';
import { MfaCodeStep } from './MfaCodeStep';
import { SsoSignInButtons } from './SsoSignInButtons';

interface SignInFormProps {
  /** The saved redirect, for the social and SAML sign-ins that leave this page. */
  redirect: string | null;
}

/**
 * E-mail and password, then a code when the account has two-step sign-in; on success the sign-in
 * page sends the user on (provider-portal §4 login flow).
 */
export function SignInForm({ redirect }: SignInFormProps) {
  const { signIn } = useAuth();
  const { values, setValues, fieldProps, setFieldErrors, parse } = useSchemaForm(signInSchema, {
    email: '',
    password: '',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isCodeStep, setIsCodeStep] = useState(false);

  const backToPassword = (message: string | null) => {
    setIsCodeStep(false);
    setServerError(message);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const input = parse();
    if (!input) return;
    setIsSubmitting(true);
    try {
      const outcome = await signIn(input);
      if (outcome.status === 'mfa_required') {
        // The password has done its part; it is not kept around for the code step.
        setValues((previous) => ({ ...previous, password: '' }));
        setIsCodeStep(true);
        setIsSubmitting(false);
      }
    } catch (error) {
      const { message, errors } = describeAuthError(error);
      setServerError(message);
      setFieldErrors(errors);
      setIsSubmitting(false);
    }
  }

  if (isCodeStep) {
    return <MfaCodeStep onSessionExpired={backToPassword} onCancel={() => backToPassword(null)} />;
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <TextField label="Email" type="email" autoComplete="email" required fullWidth {...fieldProps('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        fullWidth
        {...fieldProps('password')}
      />
      <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
        Forgot your password?
      </Link>
      <Button type="submit" variant="contained" fullWidth loading={isSubmitting}>
        Sign In
      </Button>
      <Divider>or</Divider>
      <SsoSignInButtons email={values.email} redirect={redirect} />
    </Stack>
  );
}
