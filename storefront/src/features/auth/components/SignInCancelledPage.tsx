import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

import { RouterLink } from '../../../components/RouterLink';
import { SSO_DOCTOR_PATH } from '../callback.rules';

/**
 * A social or single sign-on the user cancelled at the provider (error=access_denied): a plain page
 * with the way back to sign in; the diagnostics, which name SAML and codes, are one click further.
 */
export function SignInCancelledPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Sign-in was cancelled
          </Typography>
          <Typography color="text.secondary">
            You were not signed in, and nothing was changed. You can sign in again whenever you are ready.
          </Typography>
          <Button variant="contained" component={RouterLink} to="/login" replace>
            Back to sign in
          </Button>
          <Typography variant="body2" color="text.secondary">
            Did not cancel it yourself?{' '}
            <Link component={RouterLink} to={SSO_DOCTOR_PATH}>
              Show sign-in diagnostics
            </Link>
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
