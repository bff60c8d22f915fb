import { useQuery } from '@tanstack/react-query';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { probes } from '../../providers/probes';

/** Everything under this key is re-read by Refresh All. */
export const HEALTH_KEY = 'health';

const once = { retry: false } as const;

export function useSessionQuery() {
  return useQuery({ queryKey: [HEALTH_KEY, 'session'], queryFn: probes.getSession, ...once });
}

export function useSsoProvidersQuery() {
  return useQuery({ queryKey: [HEALTH_KEY, 'sso-providers'], queryFn: probes.getSsoProviders, ...once });
}

export function usePunchoutQuery() {
  const dataProvider = useSupplyHubDataProvider();
  return useQuery({
    queryKey: [HEALTH_KEY, 'punchout'],
    queryFn: () => dataProvider.getSettings('punchout'),
    ...once,
  });
}

export function useImageProxyQuery() {
  return useQuery({ queryKey: [HEALTH_KEY, 'image-proxy'], queryFn: () => probes.getImageProxy(), ...once });
}

export function useServerHealthQuery() {
  return useQuery({ queryKey: [HEALTH_KEY, 'server'], queryFn: probes.getHealth, ...once });
}
