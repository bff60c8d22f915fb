import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';

import { isPaapiConfigured } from '../../components/health/health-checks.rules';
import { StateChip } from '../../components/health/StatusChips';
import { useIntegrationStatus } from '../../components/health/useIntegrationStatus';
import { errorMessageOf } from '../../providers/httpClient';
import { HealthSection } from './HealthSection';
import { useImageProxyQuery, usePunchoutQuery, useSessionQuery, useSsoProvidersQuery } from './useHealthQueries';

/** The card's content once its query answered; the failure otherwise. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const translate = useTranslate();
  if (query.isPending) return <Typography color="text.secondary">{translate('supply_hub.common.loading')}</Typography>;
  if (query.error) {
    return (
      <Typography color="error.main">
        {translate('supply_hub.health.unavailable', {
          message: errorMessageOf(query.error, translate('supply_hub.common.unknown_error')),
        })}
      </Typography>
    );
  }
  return <>{children(query.data as T)}</>;
}

function PageLink({ to, title }: { to: string; title: string }) {
  const translate = useTranslate();
  return (
    <Link component={RouterLink} to={to}>
      {translate(title)}
    </Link>
  );
}

/** An integration's card: configured or not, and a link to its own health page. */
function IntegrationCard<T>(props: {
  title: string;
  query: UseQueryResult<T>;
  isOn: (data: T) => boolean;
  onLabel: string;
  page: { to: string; title: string };
}) {
  return (
    <HealthSection title={props.title} level="h3">
      <Loaded query={props.query}>
        {(data) => (
          <Box>
            <StateChip isOn={props.isOn(data)} onLabel={props.onLabel} offLabel="supply_hub.check.disabled" />
          </Box>
        )}
      </Loaded>
      <PageLink to={props.page.to} title={props.page.title} />
    </HealthSection>
  );
}

/** Status cards of /admin/health: Auth/SSO, business purchasing, product advertising, punchout, exposure. */
export function StatusCards() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`supply_hub.health.${key}`, options);
  const session = useSessionQuery();
  const providers = useSsoProvidersQuery();
  const integrations = useIntegrationStatus();
  const punchout = usePunchoutQuery();
  const imageProxy = useImageProxyQuery();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
      <HealthSection title="supply_hub.health.auth_sso" level="h3">
        <Loaded query={session}>
          {(data) => (
            <Typography>{t('auth_signed_in', { email: data.user.email, roles: data.roles.join(', ') })}</Typography>
          )}
        </Loaded>
        <Loaded query={providers}>
          {(list) => <Typography variant="body2">{t('auth_providers', { smart_count: list.length })}</Typography>}
        </Loaded>
      </HealthSection>
      <IntegrationCard
        title="supply_hub.health.business"
        query={integrations}
        isOn={(data) => data.business_api.enabled}
        onLabel="supply_hub.check.enabled"
        page={{ to: '/ab-health', title: 'supply_hub.page.ab_health' }}
      />
      <IntegrationCard
        title="supply_hub.health.paapi"
        query={integrations}
        isOn={(data) => isPaapiConfigured(data.product_advertising_api.checklist)}
        onLabel="supply_hub.check.configured"
        page={{ to: '/paapi-health', title: 'supply_hub.page.paapi_health' }}
      />
      <HealthSection title="supply_hub.health.punchout" level="h3">
        <Loaded query={punchout}>
          {(data) => (
            <>
              <Box>
                {/* "Configured" only when an order could really be sent; otherwise what is wrong. */}
                <StateChip
                  isOn={data.problems.length === 0}
                  onLabel="supply_hub.health.punchout_configured"
                  offLabel={
                    data.punchout_url || data.identity || data.shared_secret_masked
                      ? 'supply_hub.health.punchout_not_working'
                      : 'supply_hub.health.punchout_missing'
                  }
                  offColor="warning"
                />
              </Box>
              {data.problems.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {data.problems.map((problem) => (
                    <Typography component="li" variant="body2" key={problem.message}>
                      {problem.message}
                    </Typography>
                  ))}
                </Box>
              )}
              <Typography variant="body2">
                {t(data.test_mode ? 'punchout_mode_test' : 'punchout_mode_prod')}
                {' · '}
                {t('punchout_secret', { masked: data.shared_secret_masked ?? translate('supply_hub.submission.none') })}
              </Typography>
            </>
          )}
        </Loaded>
      </HealthSection>
      <HealthSection title="supply_hub.health.exposure" level="h3">
        <Loaded query={imageProxy}>
          {(data) => <Typography variant="body2">{t('exposure_help', { status: data.status })}</Typography>}
        </Loaded>
      </HealthSection>
    </Box>
  );
}
