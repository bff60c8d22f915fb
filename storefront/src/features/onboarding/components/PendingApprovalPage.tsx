import CheckCircle from '@mui/icons-material/CheckCircle';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import { isAwaitingApproval, needsOnboarding, ONBOARDING_PATH, useAuth } from '../../auth';
import { useApprovalPolling } from '../hooks/use-approval-polling';

/**
 * /pending-approval (provider-portal §2). The approval arrives live (the auth provider re-reads the
 * session on the server's profile.updated event), with polling as the fallback; then on to /.
 */
export function PendingApprovalPage() {
  const { status, session, reloadSession, signOut } = useAuth();
  useApprovalPolling(status === 'authenticated' && isAwaitingApproval(session?.profile ?? null), reloadSession);

  if (status === 'loading') return <LoadingScreen label="Loading..." fullScreen />;
  if (!session) return <Navigate to="/auth" replace />;
  if (needsOnboarding(session.profile)) return <Navigate to={ONBOARDING_PATH} replace />;
  if (session.profile?.onboarding_approved) return <Navigate to="/" replace />;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 480, p: 4 }}>
        <Typography variant="h4" component="h1" align="center" gutterBottom sx={{ fontWeight: 700 }}>
          Pending Approval
        </Typography>
        <List>
          <ListItem>
            <ListItemIcon>
              <CheckCircle color="success" />
            </ListItemIcon>
            <ListItemText primary="Onboarding completed" />
          </ListItem>
          <ListItem>
            <ListItemIcon>
              <HourglassTop color="warning" />
            </ListItemIcon>
            <ListItemText primary="Waiting for admin approval" />
          </ListItem>
        </List>
        <Typography color="text.secondary" sx={{ my: 2 }}>
          Your application is under review by an administrator. This page updates automatically as soon as your account
          is approved.
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Signed in as {session.user.email}
        </Typography>
        <Button variant="outlined" fullWidth onClick={() => void signOut()}>
          Sign out
        </Button>
      </Paper>
    </Box>
  );
}
