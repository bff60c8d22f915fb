import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import type { Destination } from '../access.rules';

/** Why a page sent a signed-in visitor to /login (the ?denied= value), in words. */
const REASONS: Record<string, string> = {
  debug: 'The debug panel opens only for an administrator, with ?debug=1 in the address.',
};

/** A signed-in visitor sent to /login on purpose: /login says why, instead of moving them on. */
export function deniedReasonOf(search: string): string | null {
  return REASONS[new URLSearchParams(search).get('denied') ?? ''] ?? null;
}

export function SignedInNotice({
  email,
  reason,
  destination,
}: {
  email: string;
  reason: string;
  destination: Destination;
}) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4, display: 'grid', gap: 2 }}>
        <Typography variant="h4" component="h1" align="center" sx={{ fontWeight: 700 }}>
          supply hub
        </Typography>
        <Alert severity="info">{reason}</Alert>
        <Typography>You are signed in as {email}.</Typography>
        {/* The destination may be the back office, another app: a plain link loads it in full. */}
        <Button variant="contained" href={destination.path}>
          Continue
        </Button>
      </Paper>
    </Box>
  );
}
