import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useConfirmMfaEnrollment } from '../api/confirm-mfa-enrollment';
import { useDisableMfa } from '../api/disable-mfa';
import { useMfaStatus, type MfaStatus } from '../api/get-mfa-status';
import { startMfaEnrollment, type MfaEnrollment } from '../api/start-mfa-enrollment';
import { MfaCodeForm } from './MfaCodeForm';
import { MfaEnrollmentPanel } from './MfaEnrollmentPanel';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

type Mode =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrollment: MfaEnrollment }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'disabling' };

function describeStatus(status: MfaStatus): string {
  if (!status.enabled) {
    return 'Add a second step to your sign-in: after your password, a 6-digit code from an authenticator app.';
  }
  const left = status.recovery_codes_left;
  return `Your sign-in asks for a code from your authenticator app. ${left} recovery ${left === 1 ? 'code' : 'codes'} left.`;
}

/** TOTP for everyone; required for administrators when the deployment enforces it (then it cannot be turned off). */
export function TwoStepSignInCard() {
  const { reloadSession } = useAuth();
  const showToast = useToast();
  const { mfa, reload } = useMfaStatus();
  const { mutateAsync: confirmEnrollment } = useConfirmMfaEnrollment();
  const { mutateAsync: turnOffMfa } = useDisableMfa();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [actionError, setActionError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);

  async function startSetUp() {
    setActionError(null);
    setIsStarting(true);
    try {
      setMode({ kind: 'enrolling', enrollment: await startMfaEnrollment() });
    } catch (error) {
      setActionError(isApiError(error) ? error.message : 'Something went wrong. Please try again.');
      if (isApiError(error) && error.code === 'MFA_ALREADY_ENABLED') reload();
    } finally {
      setIsStarting(false);
    }
  }

  async function verify(code: string) {
    const { recovery_codes: codes } = await confirmEnrollment(code);
    setMode({ kind: 'recovery', codes });
    // An administrator held at Settings may now open the back office.
    void reloadSession();
  }

  async function turnOff(code: string) {
    await turnOffMfa(code);
    setMode({ kind: 'idle' });
    showToast({ title: 'Two-step sign-in turned off' });
  }

  const toIdle = () => setMode({ kind: 'idle' });

  function body() {
    if (mfa.state === 'loading') return <Typography role="status">Loading</Typography>;
    if (mfa.state === 'error') {
      return <Alert severity="error">Could not load two-step sign-in: {mfa.message}</Alert>;
    }
    const { status } = mfa;
    switch (mode.kind) {
      case 'enrolling':
        return <MfaEnrollmentPanel enrollment={mode.enrollment} onVerify={verify} onCancel={toIdle} />;
      case 'recovery':
        return <RecoveryCodesPanel codes={mode.codes} onDone={toIdle} />;
      case 'disabling':
        return (
          <Stack spacing={2}>
            <Typography>Enter a code from your authenticator app, or a recovery code, to turn it off.</Typography>
            <MfaCodeForm
              submitLabel="Turn off two-step sign-in"
              submitColor="error"
              onSubmit={turnOff}
              onCancel={toIdle}
            />
          </Stack>
        );
      case 'idle':
        return (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>{describeStatus(status)}</Typography>
            {status.required && (
              <Typography variant="body2" color="text.secondary">
                Required for administrators.
              </Typography>
            )}
            {actionError && <Alert severity="error">{actionError}</Alert>}
            {!status.enabled && (
              <Button variant="contained" loading={isStarting} onClick={() => void startSetUp()}>
                Set up
              </Button>
            )}
            {status.enabled && !status.required && (
              <Button variant="outlined" color="error" onClick={() => setMode({ kind: 'disabling' })}>
                Turn off
              </Button>
            )}
          </Stack>
        );
    }
  }

  const isEnabled = mfa.state === 'loaded' && mfa.status.enabled;
  return (
    <Card component="section" aria-labelledby="two-step-sign-in-title" variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id="two-step-sign-in-title" variant="h6" component="h2">
            Two-step sign-in
          </Typography>
          {mfa.state === 'loaded' && (
            <Chip size="small" label={isEnabled ? 'On' : 'Off'} color={isEnabled ? 'success' : 'default'} />
          )}
        </Stack>
        {body()}
      </CardContent>
    </Card>
  );
}
