import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { newPasswordFormSchema, passwordResetConfirmSchema } from '@supply-hub/api/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { RouterLink } from '../../../components/RouterLink';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { isApiError } from '../../../lib/api-client';
import { checkPasswordReset, confirmPasswordReset } from '../api/password-reset';
import { AuthCard } from './AuthCard';
import { describeAuthError } from './describe-auth-error';

/** The fragment of the mailed link: `/reset-password#token=…` (never sent to the server in a URL). */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** Why the link cannot be used (malformed, or the server's "not valid or has expired"), or null. */
function linkProblemOf(token: string): string | null {
  const checked = passwordResetConfirmSchema.shape.token.safeParse(token);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'This reset link is not valid.');
}

/** The server's word that the link cannot be used (used, expired or malformed), or null. */
function linkProblemIn(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'RESET_TOKEN_INVALID') return error.message;
  return error.errors.token ?? null;
}

/** /reset-password: the mailed link; sets a new password, then the user signs in with it. */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the address bar loses the token right after (history, screenshots, shoulders).
  const [token] = useState(() => tokenOf(location.hash));
  const [linkProblem, setLinkProblem] = useState(() => linkProblemOf(token));
  const [isChecking, setIsChecking] = useState(linkProblem === null);
  const { fieldProps, setFieldErrors, parse } = useSchemaForm(newPasswordFormSchema, {
    password: '',
    confirm_password: '',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);

  // A used or expired link says so as it opens, not after a new password is typed.
  useEffect(() => {
    if (linkProblemOf(token)) return;
    let isCurrent = true;
    checkPasswordReset({ token })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        const problem = linkProblemIn(error);
        // Any other failure (offline, too many tries) leaves the form: submitting says what is wrong.
        if (problem) setLinkProblem(problem);
      })
      .finally(() => {
        if (isCurrent) setIsChecking(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [token]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const input = parse();
    if (!input) return;
    setIsSubmitting(true);
    try {
      setDoneMessage((await confirmPasswordReset({ token, password: input.password })).message);
    } catch (error) {
      const { message, errors } = describeAuthError(error);
      const problem = linkProblemIn(error);
      if (problem) {
        setLinkProblem(problem);
      } else {
        // A weak password: the reasons show under the password field, as on the sign-up form.
        setServerError(message);
        setFieldErrors(errors);
      }
    }
    setIsSubmitting(false);
  }

  if (isChecking) {
    return (
      <AuthCard title="Choose a new password">
        <Stack sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label="Checking your link" />
        </Stack>
      </AuthCard>
    );
  }

  if (doneMessage) {
    return (
      <AuthCard title="Choose a new password">
        <Stack spacing={2}>
          <Alert severity="success">{doneMessage}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth>
            Sign in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (linkProblem) {
    return (
      <AuthCard title="Choose a new password">
        <Stack spacing={2}>
          <Alert severity="error">{linkProblem}</Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained" fullWidth>
            Ask for a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <Stack component="form" spacing={2} noValidate onSubmit={(event) => void handleSubmit(event)}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <TextField
          label="New password"
          type="password"
          placeholder="Min. 6 characters"
          autoComplete="new-password"
          required
          fullWidth
          {...fieldProps('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          {...fieldProps('confirm_password')}
        />
        <Button type="submit" variant="contained" fullWidth loading={isSubmitting}>
          Change password
        </Button>
      </Stack>
      <Typography variant="body2" align="center" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
