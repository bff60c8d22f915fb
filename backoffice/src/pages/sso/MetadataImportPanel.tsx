import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SsoMetadata, SsoMetadataImport } from '@supply-hub/api/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

import { errorMessageOf } from '../../providers/httpClient';
import { importSsoMetadata } from './ssoApi';

/** Reads an IdP's metadata by URL (the server fetches it) or from a file; the form takes what it says. */
export function MetadataImportPanel({ onImported }: { onImported: (metadata: SsoMetadata) => void }) {
  const translate = useTranslate();
  const [url, setUrl] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'done' } | { kind: 'error'; message: string } | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  async function run(input: SsoMetadataImport) {
    setIsBusy(true);
    try {
      onImported(await importSsoMetadata(input));
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessageOf(error, translate('supply_hub.common.unknown_error')) });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Stack spacing={1.5} component="section" aria-label={translate('supply_hub.sso.import.title')}>
      <Typography variant="subtitle1" component="h3">
        {translate('supply_hub.sso.import.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('supply_hub.sso.import.help')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label={translate('supply_hub.sso.import.url')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          size="small"
          fullWidth
        />
        <Button variant="outlined" disabled={isBusy || !url.trim()} onClick={() => void run({ url: url.trim() })}>
          {translate('supply_hub.sso.import.from_url')}
        </Button>
        <Button variant="outlined" component="label" disabled={isBusy}>
          {translate('supply_hub.sso.import.from_file')}
          <input
            type="file"
            hidden
            accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
            aria-label={translate('supply_hub.sso.import.from_file')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void file.text().then((xml) => run({ xml }));
            }}
          />
        </Button>
      </Stack>
      {outcome?.kind === 'done' && <Alert severity="success">{translate('supply_hub.sso.import.done')}</Alert>}
      {outcome?.kind === 'error' && <Alert severity="error">{outcome.message}</Alert>}
    </Stack>
  );
}
