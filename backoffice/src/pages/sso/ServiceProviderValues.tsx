import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SsoProviderView } from '@supply-hub/api/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

const FIELDS = ['metadata_url', 'acs_url', 'entity_id'] as const;

/** This portal's SAML values, read-only, each with a copy button. */
export function ServiceProviderValues({ values }: { values: SsoProviderView['service_provider'] | undefined }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState<string | undefined>();
  return (
    <Stack spacing={1.5} component="section" aria-label={translate('supply_hub.sso.sp.title')}>
      <Typography variant="subtitle1" component="h3">
        {translate('supply_hub.sso.sp.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(values ? 'supply_hub.sso.sp.help' : 'supply_hub.sso.sp.after_save')}
      </Typography>
      {values &&
        FIELDS.map((field) => {
          const label = translate(`supply_hub.sso.sp.${field}`);
          return (
            <Stack key={field} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={label}
                value={values[field]}
                size="small"
                fullWidth
                slotProps={{ input: { readOnly: true } }}
              />
              <Tooltip title={copied === field ? translate('supply_hub.sso.sp.copied') : ''} open={copied === field}>
                <IconButton
                  aria-label={translate('supply_hub.sso.sp.copy', { name: label })}
                  onClick={() => {
                    void navigator.clipboard?.writeText(values[field]);
                    setCopied(field);
                  }}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
    </Stack>
  );
}
