import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The sign-in page's card, for the signed-out pages beside it (forgot and reset password). */
export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Typography variant="h4" component="p" align="center" sx={{ fontWeight: 700 }}>
          supply hub
        </Typography>
        <Typography variant="h5" component="h1" align="center" sx={{ mt: 2, mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
