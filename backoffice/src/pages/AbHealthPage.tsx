import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

import { CheckList } from '../components/health/CheckList';
import { PresenceChip, StateChip } from '../components/health/StatusChips';
import { useAbEndpointTests } from '../components/health/useAbEndpointTests';
import { useIntegrationStatus } from '../components/health/useIntegrationStatus';
import { PageHeader } from '../layout/PageHeader';
import { errorMessageOf } from '../providers/httpClient';
import { Facts, HealthSection } from './health/HealthSection';

const PRESENCE = ['client_id', 'client_secret', 'refresh_token', 'marketplace'] as const;
const SETUP_STEPS = ['setup_1', 'setup_2', 'setup_3', 'setup_4'] as const;

/** /admin/ab-health (admin-portal §2.10): business-purchasing configuration, endpoint tests, setup. */
export default function AbHealthPage() {
  const translate = useTranslate();
  const t = (key: string) => translate(`supply_hub.ab_health.${key}`);
  const status = useIntegrationStatus();
  const tests = useAbEndpointTests();
  const api = status.data?.business_api;
  return (
    <>
      <PageHeader title="supply_hub.page.ab_health" subtitle="supply_hub.ab_health.subtitle" />
      <Stack spacing={3} sx={{ maxWidth: 900, pb: 4 }}>
        {status.isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
        {status.error && (
          <Alert severity="error">
            {translate('supply_hub.integration.status_check_failed_text')}:{' '}
            {errorMessageOf(status.error, translate('supply_hub.common.unknown_error'))}
          </Alert>
        )}
        {api && (
          <HealthSection title="supply_hub.ab_health.status">
            <Facts
              rows={[
                {
                  label: 'supply_hub.integration.business_api',
                  value: (
                    <StateChip
                      isOn={api.enabled}
                      onLabel="supply_hub.check.enabled"
                      offLabel="supply_hub.check.disabled"
                    />
                  ),
                },
              ]}
            />
          </HealthSection>
        )}
        {api && (
          <HealthSection title="supply_hub.ab_health.configuration">
            <Facts
              rows={PRESENCE.map((key) => ({
                label: `supply_hub.ab_health.${key}`,
                value: <PresenceChip isSet={api.presence[key]} />,
              }))}
            />
          </HealthSection>
        )}
        <HealthSection
          title="supply_hub.ab_health.endpoint_tests"
          actions={
            <Button variant="contained" onClick={() => void tests.run()} loading={tests.isRunning}>
              {translate('supply_hub.integration.run_tests')}
            </Button>
          }
        >
          <CheckList checks={tests.checks} isRunning={tests.isRunning} />
          <Typography variant="body2" color="text.secondary">
            {translate('supply_hub.integration.pass_rule')}
          </Typography>
        </HealthSection>
        <HealthSection title="supply_hub.ab_health.setup_title">
          <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {SETUP_STEPS.map((step) => (
              <li key={step}>
                <Typography>{t(step)}</Typography>
              </li>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('setup_note')}
          </Typography>
        </HealthSection>
      </Stack>
    </>
  );
}
