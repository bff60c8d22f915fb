import Refresh from '@mui/icons-material/Refresh';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAdmin as hasAdminRole } from '@supply-hub/api/contracts/roles.rules';
import { Navigate, useLocation } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import { useAuth } from '../../auth';
import { ApprovalPolicyNotice } from '../../settings/components/ApprovalPolicyNotice';
import type { OwnProfile } from '../api/get-own-profile';
import { useOwnProfile } from '../api/get-own-profile';
import { canViewProfile, isProviderLike } from '../profile-access.rules';
import { InfoCard } from './InfoCard';

function ProfileCards({ profile, showProviderCard }: { profile: OwnProfile; showProviderCard: boolean }) {
  const isAdmin = hasAdminRole(profile.roles);
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <InfoCard
          title="Personal Information"
          rows={[
            { label: 'Username', value: profile.username },
            { label: 'First name', value: profile.first_name },
            { label: 'Last name', value: profile.last_name },
            { label: 'Phone', value: profile.phone },
            { label: 'Department', value: profile.department },
          ]}
        />
        <InfoCard
          title="Account Status"
          rows={[
            {
              label: 'Roles',
              value: (
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {profile.roles.map((role) => (
                    <Chip key={role} label={role} size="small" variant="outlined" />
                  ))}
                </Box>
              ),
            },
            { label: 'Department', value: profile.department },
            { label: 'Years of experience', value: profile.years_experience },
            {
              label: 'Onboarding',
              value: profile.onboarding_approved ? (
                <Chip label="Approved" size="small" color="success" />
              ) : (
                <Chip label="Pending" size="small" sx={{ color: '#7a4f01', backgroundColor: '#fff4d6' }} />
              ),
            },
          ]}
        />
      </Box>
      {/* The same line as Settings' profile card: what happens to this person's orders. */}
      <ApprovalPolicyNotice />
      {showProviderCard && (
        <InfoCard
          title="Provider Information"
          rows={[
            { label: 'NPI', value: profile.npi },
            { label: 'License number', value: profile.license_number },
            { label: 'Specialty', value: profile.specialty },
            { label: 'Practice address', value: profile.practice_address },
          ]}
        />
      )}
      {!isAdmin && (
        <Alert severity="info" icon={<VerifiedUserOutlined />}>
          <AlertTitle>Your information is protected</AlertTitle>
          Your profile is visible only to you and to the administrators who approve accounts and orders. To change your
          name, department or professional details, contact your administrator.
        </Alert>
      )}
    </Stack>
  );
}

/** /profile (provider-portal §2 Profile): read-only, for admins, providers and nurses (or ?from=okta). */
export function ProfilePage() {
  const { roles } = useAuth();
  const { search } = useLocation();
  const isAllowed = canViewProfile(roles, search);
  const state = useOwnProfile(isAllowed);

  if (!isAllowed) return <Navigate to="/catalog" replace />;
  if (state.status === 'loading') return <LoadingScreen />;

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Profile
      </Typography>
      {state.status === 'loaded' && (
        <ProfileCards profile={state.profile} showProviderCard={isProviderLike(state.profile.roles, search)} />
      )}
      {(state.status === 'not_found' || state.status === 'error') && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {state.status === 'not_found' ? (
            <Alert severity="warning">
              <AlertTitle>Profile not found</AlertTitle>
              We&apos;re creating your profile… please refresh in a moment.
            </Alert>
          ) : (
            <Alert severity="error">Failed to load profile data</Alert>
          )}
          <Button variant="contained" startIcon={<Refresh />} onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </Stack>
      )}
    </Container>
  );
}
