import { useQuery, type QueryKey } from '@tanstack/react-query';

import type { ReadinessInput, Source } from '../production-readiness.rules';
import { diagnosticsKeys } from './diagnostics-keys';
import { getMfaPolicy } from './get-mfa-policy';
import { getPunchoutSettings } from './get-punchout-settings';
import { getServerHealth } from './get-server-health';

function useSource<T>(queryKey: QueryKey, load: (signal: AbortSignal) => Promise<T>, isEnabled: boolean): Source<T> {
  const { data, error } = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), enabled: isEnabled });
  if (error) return { state: 'error', message: error.message };
  return data === undefined ? { state: 'loading' } : { state: 'loaded', data };
}

/** The readiness sources, read once the viewer is known to be an administrator. */
export function useProductionReadiness(isAdmin: boolean): ReadinessInput {
  return {
    health: useSource(diagnosticsKeys.serverHealth(), getServerHealth, isAdmin),
    mfa: useSource(diagnosticsKeys.mfaPolicy(), getMfaPolicy, isAdmin),
    punchout: useSource(diagnosticsKeys.punchoutSettings(), getPunchoutSettings, isAdmin),
  };
}
