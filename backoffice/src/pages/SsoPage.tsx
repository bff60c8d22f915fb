import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../layout/PageHeader';
import { errorMessageOf } from '../providers/httpClient';
import { SsoProviderForm } from './sso/SsoProviderForm';
import { SsoProviderTable } from './sso/SsoProviderTable';
import { useSsoProviders } from './sso/ssoApi';
import { TestSignInResult } from './sso/TestSignInResult';

const NEW = 'new';

/**
 * /admin/sso, admins: SAML identity providers. `?provider=` opens one (or `new`); `?test=` shows a
 * test sign-in's answer, where the ACS sends the browser back after the IdP.
 */
export default function SsoPage() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const { data: providers, error, isPending } = useSsoProviders();
  const selected = search.get('provider');
  const testId = search.get('test');
  const provider = providers?.find((candidate) => candidate.id === selected);
  const open = (id: string | undefined) => setSearch(id ? { provider: id } : {});

  return (
    <>
      <PageHeader title="supply_hub.sso.title" subtitle="supply_hub.sso.subtitle" />
      <Stack spacing={3} sx={{ maxWidth: 1000, pb: 4 }}>
        {testId && <TestSignInResult testId={testId} />}
        <Card component="section" aria-label={translate('supply_hub.sso.providers')} variant="outlined">
          <CardContent>
            <Stack direction="row" sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="h6" component="h2">
                {translate('supply_hub.sso.providers')}
              </Typography>
              <Button variant="contained" onClick={() => open(NEW)}>
                {translate('supply_hub.sso.add')}
              </Button>
            </Stack>
            {isPending && <LinearProgress />}
            {Boolean(error) && (
              <Alert severity="error">{errorMessageOf(error, translate('supply_hub.common.unknown_error'))}</Alert>
            )}
            {providers?.length === 0 && (
              <Typography color="text.secondary">{translate('supply_hub.sso.none')}</Typography>
            )}
            {providers && providers.length > 0 && <SsoProviderTable providers={providers} onEdit={open} />}
          </CardContent>
        </Card>
        {selected === NEW && <SsoProviderForm key={NEW} onClose={() => open(undefined)} />}
        {provider && <SsoProviderForm key={provider.id} provider={provider} onClose={() => open(undefined)} />}
      </Stack>
    </>
  );
}
