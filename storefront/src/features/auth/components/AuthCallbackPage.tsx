import Typography from '@mui/material/Typography';

import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** Return point of social and single sign-on; the code exchange comes with the identity issue. */
export function AuthCallbackPage() {
  return (
    <PlaceholderPage title="Sign-in Callback">
      <Typography>Single sign-on is not available yet.</Typography>
    </PlaceholderPage>
  );
}
