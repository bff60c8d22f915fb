import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface LoadingScreenProps {
  /** 'Loading' while the role loads (provider-portal §2); 'Loading...' on the auth screen and in guards. */
  label?: 'Loading' | 'Loading...';
  /** A full-screen spinner (auth screen, route guard) instead of the bare text. */
  fullScreen?: boolean;
}

/** What shows while a screen's code or the session loads. */
export function LoadingScreen({ label = 'Loading', fullScreen = false }: LoadingScreenProps) {
  if (!fullScreen) {
    return (
      <Typography role="status" sx={{ p: 4 }}>
        {label}
      </Typography>
    );
  }
  return (
    <Box
      role="status"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
