import path from 'node:path';

/**
 * What the backend dashboard (AdminJS under /admin/backend) shows. An allowlist: a table added by a
 * later migration stays invisible until someone decides it belongs here.
 */
export interface DashboardTable {
  table: string;
  group: 'People' | 'Catalogue' | 'Orders' | 'Operations';
  /** Newest first where rows are a history. */
  sortBy?: string;
}

export const DASHBOARD_TABLES: readonly DashboardTable[] = [
  { table: 'users', group: 'People' },
  { table: 'profiles', group: 'People' },
  { table: 'user_roles', group: 'People' },
  { table: 'shipping_addresses', group: 'People' },
  // Profiles and orders refer to their department: AdminJS needs the referenced table as a resource.
  { table: 'departments', group: 'People' },
  // Orders refer to the ward location a count's top-up restocks, for the same reason.
  { table: 'locations', group: 'People' },
  { table: 'products', group: 'Catalogue' },
  { table: 'catalog_reconciliations', group: 'Catalogue', sortBy: 'ran_at' },
  { table: 'orders', group: 'Orders', sortBy: 'created_at' },
  { table: 'order_items', group: 'Orders' },
  { table: 'ab_logs', group: 'Orders', sortBy: 'created_at' },
  { table: 'audit_events', group: 'Operations', sortBy: 'occurred_at' },
  { table: 'job_runs', group: 'Operations', sortBy: 'started_at' },
];

/**
 * Credentials, sessions and secrets: never a resource, whatever the allowlist says. Also kept out:
 * email_outbox (reset links in mail bodies) and the SSO and identity tables.
 */
export const NEVER_SHOWN_TABLES: readonly string[] = [
  'password_credentials',
  'password_reset_tokens',
  'sessions',
  'mfa_totp_factors',
  'saml_consumed_assertions',
  'saml_request_ids',
  'rate_limits',
  'idempotency_keys',
  'punchout_settings',
  'email_outbox',
];

/**
 * Every resource is read-only: orders change status through commands, products and accounts through
 * the back office (which validates and writes the audit trail), audit rows never change.
 */
export const WRITE_ACTIONS = ['new', 'edit', 'delete', 'bulkDelete'] as const;

export function shownTables(): DashboardTable[] {
  return DASHBOARD_TABLES.filter(({ table }) => !NEVER_SHOWN_TABLES.includes(table));
}

/** AdminJS options of one resource: its menu group, its order, and no write action at all. */
export function resourceOptionsFor({ group, sortBy }: DashboardTable) {
  const refused = { isAccessible: false, isVisible: false };
  return {
    navigation: { name: group, icon: 'Folder' },
    ...(sortBy ? { sort: { sortBy, direction: 'desc' as const } } : {}),
    actions: Object.fromEntries(WRITE_ACTIONS.map((action) => [action, refused])),
  };
}

/**
 * Where AdminJS writes its components bundle. Express 5 refuses to send a file below a dot segment
 * (`.data`, `.adminjs`), and production would then answer 404 for components.bundle.js.
 */
export function bundleFolderFor(dataDir: string, tmpDir: string, uid: number): string {
  const preferred = path.resolve(dataDir, 'adminjs');
  const hasDotSegment = preferred.split(path.sep).some((segment) => segment.startsWith('.'));
  return hasDotSegment ? path.join(tmpDir, `supply-hub-adminjs-${uid}`) : preferred;
}
