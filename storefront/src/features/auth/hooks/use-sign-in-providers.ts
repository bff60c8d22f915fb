import { useEffect, useState } from 'react';

import { getSignInProviders, type SignInProviders } from '../api/get-sign-in-providers';

/** The sign-in methods the server offers; null until it has answered. */
export function useSignInProviders(): SignInProviders | null {
  const [providers, setProviders] = useState<SignInProviders | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getSignInProviders(controller.signal).then(setProviders, () => undefined);
    return () => controller.abort();
  }, []);
  return providers;
}
