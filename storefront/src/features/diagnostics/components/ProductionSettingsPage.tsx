import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { RouterLink } from '../../../components/RouterLink';
import { SectionCard } from '../../../components/SectionCard';
import { useAuth } from '../../auth';
import { useProductionReadiness } from '../api/use-production-readiness';
import { buildReadinessChecks, type Source } from '../production-readiness.rules';
import { AuthValidatorCard } from './AuthValidatorCard';
import { DiagnosticCheckList } from './DiagnosticCheckList';

function describe<T>(source: Source<T>, read: (data: T) => string): string {
  if (source.state === 'loading') return 'Loading…';
  if (source.state === 'error') return `Unavailable (${source.message})`;
  return read(source.data);
}

function AccessDenied() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Access Denied
      </Typography>
      <Alert severity="error">
        <AlertTitle>Access Denied</AlertTitle>
        Admin privileges required to access production settings.
      </Alert>
    </Container>
  );
}

/** /production (admin-portal §2.1, §2.10): no route guard; anyone but an administrator sees Access Denied. */
export function ProductionSettingsPage() {
  const { isLoading, isAdmin } = useAuth();
  const readiness = useProductionReadiness(isAdmin);
  if (isLoading) return <LoadingScreen />;
  if (!isAdmin) return <AccessDenied />;

  const { health } = readiness;
  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      {/* The way back to where admins come from (the back office is another app: a full page load). */}
      <Button href="/admin/dashboard" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
        Back to the back office
      </Button>
      <Typography variant="h4" component="h1" gutterBottom>
        Production Settings
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Whether this deployment is ready for production use, and where to change what is not.
      </Typography>
      <Stack spacing={3}>
        <AuthValidatorCard />
        <SectionCard id="production-readiness" title="Readiness Checklist">
          <DiagnosticCheckList checks={buildReadinessChecks(readiness)} />
        </SectionCard>
        <SectionCard id="production-environment" title="Environment">
          <Typography>Version: {describe(health, (data) => data.version)}</Typography>
          <Typography>Demo mode: {describe(health, (data) => (data.demo_mode ? 'On' : 'Off'))}</Typography>
          <Typography>Server status: {describe(health, (data) => data.status)}</Typography>
        </SectionCard>
        <SectionCard id="production-actions" title="Quick Actions">
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {/* The back office is another app under /admin: a full page load. */}
            <Button variant="contained" href="/admin/users">
              Manage User Roles
            </Button>
            <Button variant="outlined" component={RouterLink} to="/sso-doctor">
              Run Auth Validation
            </Button>
          </Stack>
        </SectionCard>
      </Stack>
    </Container>
  );
}
