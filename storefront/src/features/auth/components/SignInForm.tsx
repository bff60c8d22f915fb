import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';

/** Inert for now: e-mail, social and SSO sign-in arrive with the identity issue. */
export function SignInForm() {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => event.preventDefault()}>
      <Alert severity="info">Sign-in is not available yet.</Alert>
      <TextField label="Email" type="email" autoComplete="email" disabled fullWidth />
      <TextField label="Password" type="password" autoComplete="current-password" disabled fullWidth />
      <Button type="submit" variant="contained" disabled fullWidth>
        Sign In
      </Button>
      <Button variant="outlined" disabled fullWidth>
        Continue with Google
      </Button>
      {/* A disabled button fires no events, so the tooltip listens on a wrapper. */}
      <Tooltip title="Coming soon - contact your administrator">
        <span>
          <Button variant="outlined" disabled fullWidth>
            Enterprise SSO
          </Button>
        </span>
      </Tooltip>
    </Stack>
  );
}
