import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A tab's heading with its actions (Export CSV, the view toggle) on the right. */
export function SliceHeading({ id, title, actions }: { id: string; title: string; actions: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ flex: '1 1 auto' }}>
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
