import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';

/** The app-bar title, the page's h1 and its subtitle; `actions` sit on the right. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2, pt: 2, pb: 2 }}>
      <Title title={title} />
      <Box sx={{ flex: '1 1 auto' }}>
        <Typography variant="h4" component="h1">
          {translate(title)}
        </Typography>
        {subtitle && <Typography color="text.secondary">{translate(subtitle)}</Typography>}
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
