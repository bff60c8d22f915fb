import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A card that is a region named by its heading, with optional actions beside the heading. */
export function HealthSection({
  title,
  actions,
  level = 'h2',
  children,
}: {
  title: string;
  actions?: ReactNode;
  level?: 'h2' | 'h3';
  children: ReactNode;
}) {
  const headingId = useId();
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            id={headingId}
            variant={level === 'h2' ? 'h6' : 'subtitle1'}
            component={level}
            sx={{ flex: '1 1 auto', fontWeight: 500 }}
          >
            {translate(title)}
          </Typography>
          {actions}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label and value rows (a description list). */
export function Facts({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  const translate = useTranslate();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 1,
        m: 0,
        alignItems: 'center',
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {translate(row.label)}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
