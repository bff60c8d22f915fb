import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { useAuth } from '../../auth';
import { TwoStepSignInCard } from './TwoStepSignInCard';

/** /settings: the two-step sign-in card; the profile and ship-to cards (provider-portal §2) come later. */
export function SettingsPage() {
  const { session } = useAuth();
  return (
    <PlaceholderPage title="Settings">
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        {session?.mfa_enrollment_required && (
          <Alert severity="info">Set up two-step sign-in to open the back office.</Alert>
        )}
        <TwoStepSignInCard />
      </Stack>
    </PlaceholderPage>
  );
}
