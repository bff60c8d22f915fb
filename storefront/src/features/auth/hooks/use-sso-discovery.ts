import { emailSchema } from '@supply-hub/api/contracts';
import { useEffect, useState } from 'react';

import { discoverSsoProvider } from '../api/discover-sso-provider';

/** Wait this long after the last keystroke before asking the server (one request per pause, not per key). */
export const SSO_DISCOVERY_DEBOUNCE_MS = 400;

interface Discovery {
  email: string;
  providerId: string | null;
}

/**
 * decisions.md: the SAML provider configured for the typed e-mail's domain, or null. Only a match by
 * domain counts here; the okta fallbacks of the chain are for the health page's drill.
 */
export function useSsoDiscovery(email: string): string | null {
  const [discovery, setDiscovery] = useState<Discovery | null>(null);
  const parsed = emailSchema.safeParse(email);
  const normalizedEmail = parsed.success ? parsed.data : null;

  useEffect(() => {
    if (!normalizedEmail) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      discoverSsoProvider(normalizedEmail, controller.signal).then(
        (answer) =>
          setDiscovery({
            email: normalizedEmail,
            providerId: answer.matched_by === 'domain' ? answer.provider_id : null,
          }),
        () => {
          if (!controller.signal.aborted) setDiscovery({ email: normalizedEmail, providerId: null });
        },
      );
    }, SSO_DISCOVERY_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [normalizedEmail]);

  // An answer about an earlier e-mail never enables the button for the current one.
  return discovery && discovery.email === normalizedEmail ? discovery.providerId : null;
}
