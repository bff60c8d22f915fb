import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface InfoRow {
  label: string;
  value: ReactNode;
}

/** A read-only card of labelled values; an empty value reads 'Not provided'. */
export function InfoCard({ title, rows }: { title: string; rows: readonly InfoRow[] }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined">
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(140px, max-content) 1fr',
            columnGap: 3,
            rowGap: 1.25,
            m: 0,
          }}
        >
          {rows.map((row) => (
            <Box key={row.label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {row.value === null || row.value === undefined || row.value === '' ? 'Not provided' : row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
