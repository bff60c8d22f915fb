import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

import { useAuth } from '../hooks/use-auth';

/** provider-portal §4: shown while the session refresh has failed. */
export function SessionRefreshBanner() {
  const { refreshState, refreshNow } = useAuth();
  if (refreshState !== 'failed') return null;
  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refreshNow()}>
          Refresh now
        </Button>
      }
    >
      Session needs a refresh.
    </Alert>
  );
}
