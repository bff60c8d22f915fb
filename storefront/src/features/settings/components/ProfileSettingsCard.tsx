import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { useAuth } from '../../auth';
import { ApprovalPolicyNotice } from './ApprovalPolicyNotice';
import { DefaultShipToForm } from './DefaultShipToForm';

/**
 * provider-portal §2 Settings profile card: name, e-mail, role badge and department, read-only
 * (they come from the identity provider), the company's approval policy, and the editable default ship-to.
 */
export function ProfileSettingsCard() {
  const { user, profile, isAdmin, applyProfile } = useAuth();
  const fullName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');

  return (
    <Card component="section" aria-labelledby="profile-settings-title" variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id="profile-settings-title" variant="h6" component="h2">
            Profile
          </Typography>
          <Chip size="small" label={isAdmin ? 'Admin' : 'Provider'} color={isAdmin ? 'secondary' : 'primary'} />
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label="Full name" value={fullName} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Email" value={user?.email ?? ''} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label="Department"
            value={profile?.department ?? ''}
            placeholder="Not set"
            slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Your name and department are managed in your organization&apos;s identity provider.
        </Typography>
        <Box sx={{ mt: 1.5 }}>
          <ApprovalPolicyNotice />
        </Box>
        <Divider sx={{ my: 2.5 }} />
        <DefaultShipToForm
          initialValue={profile?.default_ship_to ?? ''}
          onSaved={(defaultShipTo) => {
            if (profile) applyProfile({ ...profile, default_ship_to: defaultShipTo });
          }}
        />
      </CardContent>
    </Card>
  );
}
