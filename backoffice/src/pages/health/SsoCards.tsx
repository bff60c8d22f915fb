import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';

import { nextFallbacks } from '../../components/health/health-checks.rules';
import { CheckStatusChip } from '../../components/health/StatusChips';
import { formatDateTime } from '../../i18n/format';
import { probes, type SsoDiscovery } from '../../providers/probes';
import { Facts, HealthSection } from './HealthSection';
import { clearCachedProviderId, readSsoStorage } from './sso-storage';
import { useServerHealthQuery } from './useHealthQueries';

/** Last SSO path and time from this browser, Go to Login, and the cached providerId with Re-detect. */
function LastSsoCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [storage, setStorage] = useState(readSsoStorage);
  const none = translate('supply_hub.health.none_recorded');

  function redetect() {
    clearCachedProviderId();
    setStorage(readSsoStorage());
    notify('supply_hub.health.redetected', { type: 'info' });
  }

  return (
    <HealthSection title="supply_hub.health.last_sso">
      <Facts
        rows={[
          { label: 'supply_hub.health.last_sso_path', value: storage.last_sso_path ?? none },
          {
            label: 'supply_hub.health.last_sso_time',
            value: storage.last_sso_time ? formatDateTime(storage.last_sso_time) : none,
          },
          { label: 'supply_hub.health.cached_provider', value: storage.saml_provider_id ?? none },
        ]}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => window.location.assign('/login')}>
          {translate('supply_hub.health.go_to_login')}
        </Button>
        <Button variant="outlined" onClick={redetect}>
          {translate('supply_hub.health.redetect')}
        </Button>
      </Box>
    </HealthSection>
  );
}

function DrillResult({ discovery }: { discovery: SsoDiscovery }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.health.${key}`, options);
  const isPass = discovery.provider_id !== null;
  const next = nextFallbacks(discovery.chain, discovery.matched_by);
  // Demo mode starts with no identity provider: a miss there is expected, not a failure.
  const isDemoMode = useServerHealthQuery().data?.demo_mode === true;
  const isExpectedMiss = !isPass && isDemoMode;
  return (
    <Box role="status" sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <CheckStatusChip status={isPass ? 'pass' : isExpectedMiss ? 'not_configured' : 'fail'} />
        <Typography>
          {isPass
            ? t('drill_matched', { provider: discovery.provider_id, matched_by: discovery.matched_by })
            : t(isExpectedMiss ? 'drill_no_provider_demo' : 'drill_no_provider')}
        </Typography>
      </Box>
      <Typography variant="body2">{t('drill_chain', { chain: discovery.chain.join(' → ') })}</Typography>
      {isPass && (
        <Typography variant="body2">
          {next.length > 0 ? t('drill_next', { next: next.join(' → ') }) : t('drill_next_none')}
        </Typography>
      )}
    </Box>
  );
}

/** The SSO drill: looks a provider up by the e-mail's domain and reports PASS/FAIL with the chain. */
function SsoDrillCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [isInvalid, setInvalid] = useState(false);
  const drill = useMutation({
    mutationFn: (address: string) => probes.discoverSso(address),
    onError: () => notify('supply_hub.health.drill_failed', { type: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const isValid = /^[^\s@]+@[^\s@]+$/.test(address);
    setInvalid(!isValid);
    if (isValid) drill.mutate(address);
  }

  return (
    <HealthSection title="supply_hub.health.drill">
      <Typography variant="body2" color="text.secondary">
        {translate('supply_hub.health.drill_help')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="email"
          label={translate('supply_hub.health.drill_email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={isInvalid}
          helperText={isInvalid ? translate('supply_hub.health.drill_invalid_email') : undefined}
          sx={{ flex: '1 1 auto' }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={drill.isPending}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', mt: 0.5 }}
        >
          {translate('supply_hub.health.run_drill')}
        </Button>
      </Box>
      {drill.data && !drill.isPending && <DrillResult discovery={drill.data} />}
    </HealthSection>
  );
}

/** The SSO cards of /admin/health (admin-portal §2.10). */
export function SsoCards() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' }, alignItems: 'start' }}>
      <LastSsoCard />
      <SsoDrillCard />
    </Box>
  );
}
