/** The supplier settings that name a URL the portal posts to, and what each is called on screen. */
export const SUPPLIER_URL_SETTINGS = {
  punchout_url: 'order URL (punchout URL)',
  test_punchout_url: 'test order URL',
  shop_setup_url: 'PunchOut shopping URL',
} as const;

export type SupplierUrlSetting = keyof typeof SUPPLIER_URL_SETTINGS;

export interface SupplierSettingProblem {
  /** The setting to change (a field of the punchout settings), or null for the environment alone. */
  field: SupplierUrlSetting | 'identity' | 'shared_secret' | null;
  message: string;
}

/** host:port of a URL, with the scheme's default port (what SUPPLIER_ALLOWED_HOSTS names); null if unreadable. */
export function allowlistHostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!['http:', 'https:'].includes(parsed.protocol)) return null;
    return `${parsed.hostname.toLowerCase()}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return null;
  }
}

/**
 * Each URL setting the portal could not post to, because its host:port is not in
 * SUPPLIER_ALLOWED_HOSTS (which only the server's environment sets): the message names the host, the
 * setting and both ways out.
 */
export function urlsOutsideAllowlist(
  urls: Partial<Record<SupplierUrlSetting, string | null | undefined>>,
  allowedHosts: readonly string[],
): SupplierSettingProblem[] {
  const problems: SupplierSettingProblem[] = [];
  for (const field of Object.keys(SUPPLIER_URL_SETTINGS) as SupplierUrlSetting[]) {
    const url = urls[field];
    if (!url) continue;
    const host = allowlistHostOf(url);
    if (host !== null && allowedHosts.includes(host)) continue;
    problems.push({
      field,
      message: host
        ? `The ${SUPPLIER_URL_SETTINGS[field]} host ${host} is not in SUPPLIER_ALLOWED_HOSTS, so nothing can be sent there. ` +
          `Change the ${SUPPLIER_URL_SETTINGS[field]}, or add ${host} to SUPPLIER_ALLOWED_HOSTS in the server's environment and restart it.`
        : `The ${SUPPLIER_URL_SETTINGS[field]} must start with http:// or https://.`,
    });
  }
  return problems;
}

export interface StoredSupplierSettings {
  punchout_url: string | null;
  test_punchout_url: string | null;
  shop_setup_url: string | null;
  identity: string | null;
  has_shared_secret: boolean;
  supplier_identity: string;
  test_mode: boolean;
}

/**
 * Everything that stops the saved supplier settings from working, in the order an administrator
 * fixes them; empty when an order could be sent. Only the URL the current mode uses can stop orders;
 * a test URL outside the allowlist in production mode is still named (switching to test would fail).
 */
export function supplierSettingProblems(
  settings: StoredSupplierSettings,
  allowedHosts: readonly string[],
): SupplierSettingProblem[] {
  const problems: SupplierSettingProblem[] = [];
  if (!settings.punchout_url) {
    problems.push({ field: 'punchout_url', message: 'No order URL (punchout URL) is set: orders cannot be sent.' });
  }
  if (!settings.identity) {
    problems.push({ field: 'identity', message: 'No identity (our From credential) is set: orders cannot be sent.' });
  }
  if (!settings.has_shared_secret) {
    problems.push({ field: 'shared_secret', message: 'No shared secret is set: orders cannot be sent.' });
  }
  if (!settings.supplier_identity.trim()) {
    problems.push({ field: null, message: 'No supplier identity (the To credential) is set.' });
  }
  return [...problems, ...urlsOutsideAllowlist(settings, allowedHosts)];
}

/**
 * Whether a save must be refused: in production mode a URL outside the allowlist means real orders
 * fail after approval, so it is never saved; in test mode it is saved with the warning shown
 * (setting the supplier up before the server's allowlist is changed).
 */
export function refusesSave(isTestMode: boolean, outsideAllowlist: readonly SupplierSettingProblem[]): boolean {
  return !isTestMode && outsideAllowlist.length > 0;
}
