import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Profile } from '@supply-hub/api/contracts';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import { APP_HOME, needsOnboarding, useAuth } from '../../auth';
import { OnboardingForm } from './OnboardingForm';

/**
 * /onboarding (provider-portal §2). No session: /auth. Already completed: /. On success: /catalog,
 * where the guard sends an account that still awaits approval on to /pending-approval.
 */
export function OnboardingPage() {
  const { status, session, applyProfile } = useAuth();
  const [hasJustCompleted, setHasJustCompleted] = useState(false);

  if (status === 'loading') return <LoadingScreen label="Loading..." fullScreen />;
  if (!session) return <Navigate to="/auth" replace />;
  if (hasJustCompleted) return <Navigate to={APP_HOME} replace />;
  if (!needsOnboarding(session.profile)) return <Navigate to="/" replace />;

  const handleCompleted = (profile: Profile) => {
    // Both updates land in one render, so the "already completed" redirect to / never fires first.
    setHasJustCompleted(true);
    applyProfile(profile);
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 480, p: 4 }}>
        <Typography variant="h4" component="h1" align="center" gutterBottom sx={{ fontWeight: 700 }}>
          Complete Your Profile
        </Typography>
        <Typography color="text.secondary" align="center" sx={{ mb: 3 }}>
          Just a few more details to get started
        </Typography>
        <OnboardingForm
          email={session.user.email}
          initialValues={{
            first_name: session.profile?.first_name ?? '',
            last_name: session.profile?.last_name ?? '',
          }}
          onCompleted={handleCompleted}
        />
      </Paper>
    </Box>
  );
}
