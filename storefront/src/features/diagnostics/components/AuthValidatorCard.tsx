import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

import { useToast } from '../../../components/ToastProvider';

/** The variable that decides, at build time, whether the auth validator is shown. */
export const AUTH_VALIDATOR_ENV = 'VITE_SHOW_AUTH_VALIDATOR';

/** Baked into the bundle when the storefront is built: it cannot change while the app runs. */
const isAuthValidatorVisible = import.meta.env.VITE_SHOW_AUTH_VALIDATOR === 'true';

/**
 * The auth validator visibility toggle (admin-portal §2.10). It shows the deployed value; changing
 * it needs the environment variable and a redeploy, so a toggle here only reports that.
 */
export function AuthValidatorCard() {
  const showToast = useToast();
  return (
    <Card component="section" aria-labelledby="auth-validator-title" variant="outlined">
      <CardContent>
        <Typography id="auth-validator-title" variant="h6" component="h2" gutterBottom>
          Auth Validator
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={isAuthValidatorVisible}
              onChange={() =>
                showToast({
                  title: 'Update Failed',
                  description: 'Could not update validator setting.',
                  severity: 'error',
                })
              }
            />
          }
          label="Show the auth validator in production"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Changing this needs the environment variable {AUTH_VALIDATOR_ENV} (true or false) and a redeploy: the setting
          is fixed when the app is built and cannot be changed at run time.
        </Typography>
      </CardContent>
    </Card>
  );
}
