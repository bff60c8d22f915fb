import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';

import { isPaapiConfigured } from '../components/health/health-checks.rules';
import { PresenceChip, StateChip } from '../components/health/StatusChips';
import { INTEGRATION_STATUS_KEY, useIntegrationStatus } from '../components/health/useIntegrationStatus';
import { formatDateTime } from '../i18n/format';
import { PageHeader } from '../layout/PageHeader';
import { useSupplyHubDataProvider } from '../providers/dataProvider';
import { errorMessageOf } from '../providers/httpClient';
import { Facts, HealthSection } from './health/HealthSection';

const CHECKLIST = ['enabled', 'partner_tag', 'access_key', 'secret_key'] as const;
const POLICY = ['policy_no_rehosting', 'policy_cdn', 'policy_refresh', 'policy_server_side'] as const;

/** /admin/paapi-health (admin-portal §2.10): checklist, overall status, last test, image policy. */
export default function PaapiHealthPage() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.paapi_health.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useSupplyHubDataProvider();
  const status = useIntegrationStatus();
  const unknownError = translate('supply_hub.common.unknown_error');

  const test = useMutation({
    mutationFn: () => dataProvider.testPaapiConnection(),
    onSuccess: (result) => {
      notify(t('test_result', { status: result.status }), { type: result.status === 'PASS' ? 'success' : 'warning' });
      void queryClient.invalidateQueries({ queryKey: INTEGRATION_STATUS_KEY });
    },
    onError: (error) => notify(t('test_error', { message: errorMessageOf(error, unknownError) }), { type: 'error' }),
  });
  const clearCache = useMutation({
    mutationFn: () => dataProvider.clearPaapiImageCache(),
    onSuccess: (result) => notify(result.message, { type: 'info' }),
    onError: (error) => notify(t('clear_failed', { message: errorMessageOf(error, unknownError) }), { type: 'error' }),
  });

  const api = status.data?.product_advertising_api;
  const lastTest = api?.last_test ?? null;
  return (
    <>
      <PageHeader
        title="supply_hub.page.paapi_health"
        subtitle="supply_hub.paapi_health.subtitle"
        actions={
          <>
            <Button variant="contained" onClick={() => test.mutate()} loading={test.isPending}>
              {t('test_connection')}
            </Button>
            <Button variant="outlined" onClick={() => clearCache.mutate()} loading={clearCache.isPending}>
              {t('clear_cache')}
            </Button>
          </>
        }
      />
      <Stack spacing={3} sx={{ maxWidth: 900, pb: 4 }}>
        {status.isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
        {status.error && <Alert severity="error">{errorMessageOf(status.error, unknownError)}</Alert>}
        {api && (
          <HealthSection title="supply_hub.paapi_health.checklist">
            <Facts
              rows={[
                ...CHECKLIST.map((key) => ({
                  label: `supply_hub.paapi_health.${key}`,
                  value: <PresenceChip isSet={api.checklist[key]} />,
                })),
                {
                  label: 'supply_hub.paapi_health.overall',
                  value: (
                    <StateChip
                      isOn={isPaapiConfigured(api.checklist)}
                      onLabel="supply_hub.check.configured"
                      offLabel="supply_hub.check.disabled"
                    />
                  ),
                },
              ]}
            />
            <Typography variant="body2" color="text.secondary">
              {t('overall_help')}
            </Typography>
          </HealthSection>
        )}
        {api && (
          <HealthSection title="supply_hub.paapi_health.last_test">
            {lastTest === null ? (
              <Typography color="text.secondary">{t('never_tested')}</Typography>
            ) : (
              <Facts
                rows={[
                  {
                    label: 'supply_hub.paapi_health.last_status',
                    value: (
                      <StateChip
                        isOn={lastTest.status === 'PASS'}
                        onLabel="supply_hub.check.pass"
                        offLabel="supply_hub.check.fail"
                        offColor="error"
                      />
                    ),
                  },
                  {
                    label: 'supply_hub.paapi_health.last_time',
                    value: <time dateTime={lastTest.at}>{formatDateTime(lastTest.at)}</time>,
                  },
                  {
                    label: 'supply_hub.paapi_health.last_error',
                    value: lastTest.error ?? translate('supply_hub.submission.none'),
                  },
                ]}
              />
            )}
          </HealthSection>
        )}
        <HealthSection title="supply_hub.paapi_health.policy_title">
          <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {POLICY.map((key) => (
              <li key={key}>
                <Typography>{t(key)}</Typography>
              </li>
            ))}
          </Box>
        </HealthSection>
      </Stack>
    </>
  );
}
