import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { RouterLink } from '../../../components/RouterLink';
import { useToast } from '../../../components/ToastProvider';
import { useAuth } from '../hooks/use-auth';
import { describeAuthError } from './describe-auth-error';

/** The fragment of the mailed link: `/confirm-sign-up#token=…` (never sent to the server in a URL). */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** Opens the sign-up link: creates the account, signs it in and goes on to onboarding. */
export function ConfirmSignUpPage() {
  const { confirmSignUp } = useAuth();
  const showToast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const hasStarted = useRef(false);

  useEffect(() => {
    // Once: the link is single-use, and React may run an effect twice in development.
    if (hasStarted.current) return;
    hasStarted.current = true;
    confirmSignUp(tokenOf(window.location.hash))
      .then(() => {
        showToast({ title: 'Account created!', description: 'Please complete your profile information.' });
        void navigate('/onboarding', { replace: true });
      })
      .catch((failure: unknown) => setError(describeAuthError(failure).message));
  }, [confirmSignUp, navigate, showToast]);

  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', mt: 8, px: 2, display: 'grid', gap: 2, justifyItems: 'center' }}>
      {error ? (
        <>
          <Alert severity="error" sx={{ width: '100%' }}>
            {error}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to sign in
          </Button>
        </>
      ) : (
        <CircularProgress aria-label="Creating your account" />
      )}
    </Box>
  );
}
