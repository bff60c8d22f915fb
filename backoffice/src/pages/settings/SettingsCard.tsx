import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A titled settings card (a region named by its h2). */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
