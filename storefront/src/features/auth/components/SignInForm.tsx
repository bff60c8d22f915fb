import Google from '@mui/icons-material/Google';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { signInSchema } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { fieldErrorsFromIssues, type FieldErrors } from '../../../lib/form-errors';
import { useAuth } from '../hooks/use-auth';
import { describeAuthError } from './describe-auth-error';

/** The social provider's start; it returns to /auth/callback. */
const SOCIAL_SIGN_IN_PATH = '/api/auth/oidc/start';

/** E-mail and password; on success the sign-in page sends the user on (provider-portal §4 login flow). */
export function SignInForm() {
  const { signIn } = useAuth();
  const [values, setValues] = useState({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse(values);
    setServerError(null);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setIsSubmitting(true);
    try {
      await signIn(parsed.data);
    } catch (error) {
      const { message, errors } = describeAuthError(error);
      setServerError(message);
      setFieldErrors(errors);
      setIsSubmitting(false);
    }
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        fullWidth
        value={values.email}
        onChange={change('email')}
        error={Boolean(fieldErrors.email)}
        helperText={fieldErrors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        fullWidth
        value={values.password}
        onChange={change('password')}
        error={Boolean(fieldErrors.password)}
        helperText={fieldErrors.password}
      />
      <Button type="submit" variant="contained" fullWidth loading={isSubmitting}>
        Sign In
      </Button>
      <Divider>or</Divider>
      <Button variant="outlined" fullWidth startIcon={<Google />} href={SOCIAL_SIGN_IN_PATH}>
        Continue with Google
      </Button>
      {/* decisions.md: enabled once an SSO provider serves the e-mail's domain (not built yet).
          A disabled button fires no events, so the tooltip listens on a wrapper. */}
      <Tooltip title="Coming soon - contact your administrator">
        <span>
          <Button variant="outlined" disabled fullWidth>
            Enterprise SSO
          </Button>
        </span>
      </Tooltip>
    </Stack>
  );
}
