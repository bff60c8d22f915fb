import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

import { useToast } from '../../../components/ToastProvider';
import { copyText } from '../../../lib/clipboard';
import { clearLastSamlError, readSsoStorage } from '../../../lib/sso-storage';
import { isCallbackTimeoutState, readCallbackError } from '../../auth';
import { useSessionStatus } from '../api/get-session-status';
import { buildSsoDoctorChecks } from '../sso-doctor-checks';
import { DiagnosticCheckList } from './DiagnosticCheckList';
import { LastSamlErrorCard } from './LastSamlErrorCard';

/** /sso-doctor (public, admin-portal §2.11): where a failed sign-in lands, and what to tell the administrator. */
export function SsoDoctorPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const showToast = useToast();
  const { sessionStatus } = useSessionStatus();
  const [storage, setStorage] = useState(readSsoStorage);

  const checks = buildSsoDoctorChecks({
    url: window.location.href,
    origin: window.location.origin,
    userAgent: navigator.userAgent,
    referrer: document.referrer,
    storage,
    urlError: readCallbackError(location.search, location.hash),
    hasCallbackTimedOut: isCallbackTimeoutState(location.state),
    sessionStatus,
  });

  async function copyReport() {
    const report = { generated_at: new Date().toISOString(), storage, checks };
    try {
      await copyText(JSON.stringify(report, null, 2));
      showToast({ title: 'Report Copied' });
    } catch (error) {
      const description = error instanceof Error ? error.message : 'The report could not be copied.';
      showToast({ title: 'Diagnostic Error', description, severity: 'error' });
    }
  }

  function clearError() {
    clearLastSamlError();
    setStorage(readSsoStorage());
    showToast({ title: 'Error cleared' });
  }

  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        SSO Doctor
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Checks of this browser&apos;s single sign-on. Copy the report and send it to your administrator if signing in
        keeps failing.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={() => void copyReport()}>
          Copy Report
        </Button>
        <Button variant="outlined" onClick={() => navigate('/login')}>
          Retry SSO
        </Button>
        <Button variant="outlined" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      </Stack>
      <Stack spacing={3}>
        <LastSamlErrorCard
          lastError={storage.lastSamlError}
          samlProviderId={storage.saml_provider_id}
          onClear={clearError}
        />
        <Card component="section" aria-labelledby="sso-checks-title" variant="outlined">
          <CardContent>
            <Typography id="sso-checks-title" variant="h6" component="h2">
              Checks
            </Typography>
            <DiagnosticCheckList checks={checks} />
          </CardContent>
        </Card>
      </Stack>
    </Container>
  );
}
