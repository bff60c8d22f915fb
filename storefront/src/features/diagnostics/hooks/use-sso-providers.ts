import { useEffect, useState } from 'react';

import { getSsoProviders, type SsoProviderSummary } from '../api/get-sso-providers';

export type SsoProvidersState =
  { state: 'loading' } | { state: 'loaded'; providers: SsoProviderSummary[] } | { state: 'error'; message: string };

export function useSsoProviders(): SsoProvidersState {
  const [providers, setProviders] = useState<SsoProvidersState>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getSsoProviders(controller.signal).then(
      (list) => setProviders({ state: 'loaded', providers: list }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setProviders({ state: 'error', message: error instanceof Error ? error.message : 'Unknown error' });
      },
    );
    return () => controller.abort();
  }, []);
  return providers;
}
