import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A headline figure: a named region, so that it reads (and is found) as 'Total Spend: $1,234.50'. */
export function StatCard({
  title,
  value,
  help,
  children,
}: {
  title: string;
  value?: string | null;
  help?: ReactNode;
  /** Content other than one figure (a list). */
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} component="h3" variant="subtitle2" color="text.secondary">
          {title}
        </Typography>
        {value !== undefined && (
          <Typography component="p" variant="h4">
            {value}
          </Typography>
        )}
        {children}
        {help && (
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
