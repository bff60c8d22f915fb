import Typography from '@mui/material/Typography';

/** What shows while a screen's code or the session loads (provider-portal §2: only a 'Loading' text). */
export function LoadingScreen() {
  return <Typography sx={{ p: 4 }}>Loading</Typography>;
}
