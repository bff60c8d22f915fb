import { useState } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';

import type { NamedCheck } from '../../components/health/CheckList';
import {
  isDeleteEndpointPass,
  isProxyPass,
  punchoutExposure,
  ssoDiscoveryStatus,
  type CheckState,
} from '../../components/health/health-checks.rules';
import { httpClient, errorMessageOf, errorStatusOf } from '../../providers/httpClient';
import { probes } from '../../providers/probes';

type CheckKey = 'sso_discovery' | 'delete_endpoint' | 'punchout_exposure' | 'proxy_status';
const KEYS: readonly CheckKey[] = ['sso_discovery', 'delete_endpoint', 'punchout_exposure', 'proxy_status'];

function failure(translate: TranslateFunction, error: unknown): CheckState {
  const status = errorStatusOf(error) ?? 0;
  const message = errorMessageOf(error, translate('supply_hub.common.unknown_error'));
  return { status: 'fail', message: translate('supply_hub.check.http_error', { status: status || 'ERROR', message }) };
}

/** Each check of admin-portal §5, by its own pass rule; a failed call is a FAIL with its status. */
const RUNNERS: Record<CheckKey, (translate: TranslateFunction) => Promise<CheckState>> = {
  async sso_discovery(translate) {
    const [providers, health] = await Promise.all([probes.getSsoProviders(), probes.getHealth()]);
    const status = ssoDiscoveryStatus(providers, health.demo_mode);
    const messages = {
      pass: translate('supply_hub.health.sso_discovery_pass', { smart_count: providers.length }),
      fail: translate('supply_hub.health.sso_discovery_fail'),
      not_configured: translate('supply_hub.health.sso_discovery_demo'),
      pending: '',
    };
    return { status, message: messages[status] };
  },
  async delete_endpoint(translate) {
    const answer = await probes.probeDeleteUser();
    return {
      status: isDeleteEndpointPass(answer.status, answer.contentType) ? 'pass' : 'fail',
      message: translate('supply_hub.health.delete_endpoint_result', {
        status: answer.status,
        type: answer.contentType || 'no content type',
      }),
    };
  },
  async punchout_exposure(translate) {
    // The raw answer, not the typed one: a field the type does not know must not escape the check.
    const { json } = await httpClient('/api/admin/settings/punchout');
    const exposure = punchoutExposure(json);
    const masked = (json as { shared_secret_masked?: string }).shared_secret_masked ?? '';
    return {
      status: exposure === 'clear' ? 'fail' : 'pass',
      message: translate(`supply_hub.health.punchout_exposure_${exposure}`, { masked }),
    };
  },
  async proxy_status(translate) {
    const answer = await probes.getImageProxy();
    return isProxyPass(answer)
      ? { status: 'pass', message: translate('supply_hub.health.proxy_pass') }
      : { status: 'fail', message: translate('supply_hub.health.proxy_fail', { status: answer.status }) };
  },
};

const ALL_PENDING = Object.fromEntries(KEYS.map((key) => [key, { status: 'pending' }])) as Record<CheckKey, CheckState>;

/** Run Checks on /admin/health: SSO Auto Discovery, Delete Endpoint, Punchout Exposure, Proxy Status. */
export function useHealthChecks() {
  const translate = useTranslate();
  const [results, setResults] = useState(ALL_PENDING);
  const [isRunning, setRunning] = useState(false);
  const [hasRun, setHasRun] = useState(false);

  async function run() {
    setRunning(true);
    setResults(ALL_PENDING);
    const outcomes = await Promise.all(
      KEYS.map((key) => RUNNERS[key](translate).catch((error: unknown) => failure(translate, error))),
    );
    setResults(Object.fromEntries(KEYS.map((key, index) => [key, outcomes[index]])) as Record<CheckKey, CheckState>);
    setRunning(false);
    setHasRun(true);
  }

  const checks: NamedCheck[] = KEYS.map((key) => ({ key, label: `supply_hub.health.${key}`, ...results[key] }));
  return { checks, isRunning, hasRun, run };
}
