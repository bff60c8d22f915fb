import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** provider-portal §4: the banner's alert; its own chunk, loaded only when a refresh has failed. */
export function SessionRefreshAlert({ onRefreshNow }: { onRefreshNow(): void }) {
  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={onRefreshNow}>
          Refresh now
        </Button>
      }
    >
      Session needs a refresh.
    </Alert>
  );
}
