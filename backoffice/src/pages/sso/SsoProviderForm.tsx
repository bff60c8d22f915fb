import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CertificateDetails, SsoProviderView } from '@supply-hub/api/contracts';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

import { errorBodyOf, errorMessageOf } from '../../providers/httpClient';
import { CertificateSlots } from './CertificateSlots';
import { draftOf, inputOf, type ProviderDraft } from './draft';
import { GroupMappingEditor } from './GroupMappingEditor';
import { MetadataImportPanel } from './MetadataImportPanel';
import { ServiceProviderValues } from './ServiceProviderValues';
import { startSsoTestSignIn, useSaveSsoProvider } from './ssoApi';

type TextField = 'id' | 'display_name' | 'entity_id' | 'entry_point' | 'domains';

/** Create or edit one SAML provider; the test sign-in leaves for the IdP and comes back to this page. */
export function SsoProviderForm({ provider, onClose }: { provider?: SsoProviderView; onClose: () => void }) {
  const translate = useTranslate();
  const headingId = useId();
  const [draft, setDraft] = useState<ProviderDraft>(() => draftOf(provider));
  const [known, setKnown] = useState<readonly CertificateDetails[]>(provider?.certificates ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'saved' } | { kind: 'error'; message: string } | undefined>();
  const save = useSaveSsoProvider(provider?.id);
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.sso.${key}`, options);

  async function submit() {
    try {
      const saved = await save.mutateAsync(inputOf(draft));
      setKnown(saved.certificates);
      setErrors({});
      setOutcome({ kind: 'saved' });
      if (!provider) onClose();
    } catch (error) {
      setErrors(errorBodyOf(error)?.errors ?? {});
      setOutcome({ kind: 'error', message: errorMessageOf(error, translate('supply_hub.common.error_saving')) });
    }
  }

  async function testSignIn() {
    if (!provider) return;
    try {
      window.location.assign((await startSsoTestSignIn(provider.id)).redirect_url);
    } catch (error) {
      setOutcome({ kind: 'error', message: errorMessageOf(error, translate('supply_hub.common.unknown_error')) });
    }
  }

  const field = (name: TextField, options: { helperText?: string; disabled?: boolean } = {}) => (
    <TextField
      label={t(name)}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? options.helperText}
      disabled={options.disabled}
      size="small"
      fullWidth
    />
  );

  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Stack spacing={2.5}>
          <Typography id={headingId} variant="h6" component="h2">
            {provider ? t('edit_title', { id: provider.id }) : t('new_title')}
          </Typography>
          <MetadataImportPanel
            onImported={(metadata) => {
              setKnown([...known, ...metadata.certificates]);
              setDraft({
                ...draft,
                entity_id: metadata.entity_id,
                entry_point: metadata.entry_point,
                certificates: [metadata.certificates[0]?.pem ?? '', metadata.certificates[1]?.pem ?? ''],
              });
            }}
          />
          <Divider />
          {field('id', { helperText: t('id_help'), disabled: Boolean(provider) })}
          {field('display_name')}
          {field('entity_id')}
          {field('entry_point')}
          {field('domains', { helperText: t('domains_help') })}
          <CertificateSlots
            values={draft.certificates}
            saved={known}
            errors={errors}
            onChange={(certificates) => setDraft({ ...draft, certificates })}
          />
          <GroupMappingEditor value={draft} errors={errors} onChange={(rules) => setDraft({ ...draft, ...rules })} />
          <ServiceProviderValues values={provider?.service_provider} />
          {outcome?.kind === 'saved' && <Alert severity="success">{t('saved')}</Alert>}
          {outcome?.kind === 'error' && <Alert severity="error">{outcome.message}</Alert>}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={save.isPending} onClick={() => void submit()}>
              {t('save')}
            </Button>
            {provider && (
              <Button variant="outlined" disabled={!provider.is_enabled} onClick={() => void testSignIn()}>
                {t('test.start')}
              </Button>
            )}
            <Button onClick={onClose}>{t('cancel')}</Button>
          </Stack>
          {provider && (
            <Typography variant="body2" color="text.secondary">
              {t('test.help')}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
