import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { useAuth } from '../../auth';
import { ProfileSettingsCard } from './ProfileSettingsCard';
import { ShippingAddressCard } from './ShippingAddressCard';
import { TwoStepSignInCard } from './TwoStepSignInCard';

/** /settings (provider-portal §2 Settings): profile and default ship-to, shipping address, two-step sign-in. */
export function SettingsPage() {
  const { session } = useAuth();
  return (
    <PlaceholderPage title="Settings">
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        {session?.mfa_enrollment_required && (
          <Alert severity="info">Set up two-step sign-in to open the back office.</Alert>
        )}
        <ProfileSettingsCard />
        <ShippingAddressCard />
        <TwoStepSignInCard />
      </Stack>
    </PlaceholderPage>
  );
}
