import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CertificateDetails } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

/** Two PEM slots; under each, the saved certificate's subject and expiry. */
export function CertificateSlots({
  values,
  saved,
  errors,
  onChange,
}: {
  values: [string, string];
  saved: readonly CertificateDetails[];
  errors: Record<string, string>;
  onChange: (values: [string, string]) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        {translate('supply_hub.sso.certificates.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('supply_hub.sso.certificates.help')}
      </Typography>
      {values.map((pem, index) => {
        const details = saved.find((certificate) => certificate.pem.trim() === pem.trim());
        const date = details ? new Date(details.not_after).toLocaleDateString() : '';
        return (
          <Stack key={index} spacing={0.5}>
            <TextField
              label={translate('supply_hub.sso.certificates.slot', { slot: index + 1 })}
              value={pem}
              onChange={(event) =>
                onChange(index === 0 ? [event.target.value, values[1]] : [values[0], event.target.value])
              }
              multiline
              minRows={2}
              maxRows={6}
              error={Boolean(errors[`certificates.${index}`])}
              helperText={errors[`certificates.${index}`] ?? (index === 0 ? errors.certificates : undefined)}
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 12 } } }}
            />
            {details && (
              <Alert severity={details.is_expired ? 'error' : 'info'} variant="outlined">
                {translate('supply_hub.sso.certificates.subject', { subject: details.subject })} ·{' '}
                {translate(`supply_hub.sso.certificates.${details.is_expired ? 'expired' : 'expires'}`, { date })}
              </Alert>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
