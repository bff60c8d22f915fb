import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** Inert for now: account creation arrives with the identity issue. */
export function SignUpForm() {
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => event.preventDefault()}>
      <Alert severity="info">Sign-up is not available yet.</Alert>
      <Stack direction="row" spacing={2}>
        <TextField label="First Name" autoComplete="given-name" disabled fullWidth />
        <TextField label="Last Name" autoComplete="family-name" disabled fullWidth />
      </Stack>
      <TextField label="Email" type="email" autoComplete="email" disabled fullWidth />
      <TextField
        label="Password"
        type="password"
        placeholder="Min. 6 characters"
        autoComplete="new-password"
        disabled
        fullWidth
      />
      <Button type="submit" variant="contained" disabled fullWidth>
        Sign Up
      </Button>
    </Stack>
  );
}
