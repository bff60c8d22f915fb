import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

import { errorMessageOf } from '../../providers/httpClient';

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

/** While a card's settings load: a progress bar, then the error if they could not be read. */
export function SettingsLoadState({ isPending, error }: { isPending: boolean; error: unknown }) {
  const translate = useTranslate();
  return (
    <>
      {isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
      {Boolean(error) && (
        <Alert severity="error">{errorMessageOf(error, translate('supply_hub.common.unknown_error'))}</Alert>
      )}
    </>
  );
}
