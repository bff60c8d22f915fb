import type { IntegrationProbeAnswer, IntegrationStatus } from '../../providers/records';

/** The pass rules of the health checks (admin-portal §5), pure so that each page applies the same. */

/**
 * A check as the pages show it: pending until run, then pass or fail with a message, or
 * 'not_configured' where nothing is set up and that is expected (demo mode): not a red FAIL.
 */
export type CheckStatus = 'pending' | 'pass' | 'fail' | 'not_configured';
export interface CheckState {
  status: CheckStatus;
  message?: string;
}

/** Business-purchasing endpoints pass if their status is not_configured or success. */
export function isAbEndpointPass(answer: IntegrationProbeAnswer): boolean {
  return answer.status === 'not_configured' || answer.status === 'success';
}

/** The delete-user endpoint passes on HTTP 200, 404 or 403 with a JSON content type. */
export function isDeleteEndpointPass(status: number, contentType: string): boolean {
  return [200, 403, 404].includes(status) && /\bapplication\/json\b/i.test(contentType);
}

/** SSO discovery passes if a non-empty provider list returns. */
export function isSsoDiscoveryPass(providers: readonly unknown[]): boolean {
  return providers.length > 0;
}

/**
 * SSO discovery's result: PASS with providers; with none, FAIL — except in demo mode, which starts
 * with no identity provider on purpose: there it is 'not configured', as expected.
 */
export function ssoDiscoveryStatus(providers: readonly unknown[], isDemoMode: boolean): CheckStatus {
  if (isSsoDiscoveryPass(providers)) return 'pass';
  return isDemoMode ? 'not_configured' : 'fail';
}

/** The proxy check passes if the image endpoint answers OK with status not_configured. */
export function isProxyPass(answer: IntegrationProbeAnswer): boolean {
  return answer.status === 'not_configured';
}

/** Only mask characters, nothing of the secret itself. */
const MASK = /^[•*·]+$/u;

export type PunchoutExposure = 'masked' | 'none' | 'clear';

/**
 * Punchout exposure passes when the shared secret never comes back in clear: no `shared_secret`
 * field at all, and the masked field (if any) made of mask characters only.
 */
export function punchoutExposure(view: unknown): PunchoutExposure {
  if (typeof view !== 'object' || view === null) return 'clear';
  const record = view as Record<string, unknown>;
  if ('shared_secret' in record) return 'clear';
  const masked = record.shared_secret_masked;
  if (masked === null || masked === undefined || masked === '') return 'none';
  return typeof masked === 'string' && MASK.test(masked) ? 'masked' : 'clear';
}

/** The product-advertising API is Configured only if the flag and all three values are present. */
export function isPaapiConfigured(checklist: IntegrationStatus['product_advertising_api']['checklist']): boolean {
  return checklist.enabled && checklist.partner_tag && checklist.access_key && checklist.secret_key;
}

/** The SSO discovery fallback chain (decisions.md): domain, then okta_sso, then okta_tile. */
export const SSO_FALLBACK_CHAIN = ['domain', 'okta_sso', 'okta_tile'] as const;

/** The steps of the chain after the one that matched (all of them when nothing matched). */
export function nextFallbacks(chain: readonly string[], matchedBy: string | null): string[] {
  if (matchedBy === null) return [];
  const index = chain.indexOf(matchedBy);
  return index < 0 ? [] : chain.slice(index + 1);
}
