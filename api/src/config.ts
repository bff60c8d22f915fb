import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

import { isIanaTimezone, TIMEZONE_MESSAGE } from './contracts/settings.js';
import { DEFAULT_EMPLOYEE_GROUP_PATTERNS } from './contracts/sso-role-guess.rules.js';

/** Repository root, found from this file whether it runs from src/ (tsx, jest) or dist/. */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(start: string): string {
  let dir = start;
  while (dir !== path.dirname(dir)) {
    if (existsSync(path.join(dir, 'seeds')) && existsSync(path.join(dir, 'api'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** A streaming replica of DATABASE_URL for reports, budget-vs-actual, exports and the recall lookup. */
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REPORTS_MAX_LAG_S: z.coerce.number().min(0).max(86_400).default(30),
  DATA_DIR: z.string().min(1).default('.data'),
  STORAGE_DIR: z.string().min(1).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  DEMO_MODE: booleanFlag.default(false),
  ALLOW_DEMO_MODE_IN_PRODUCTION: booleanFlag.default(false),
  ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: booleanFlag.default(false),
  JOBS_ENABLED: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CATALOG_CSV_PATH: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  COMPANY_TIMEZONE: z.string().min(1).refine(isIanaTimezone, TIMEZONE_MESSAGE).default('America/New_York'),
  MFA_REQUIRED_FOR_ADMINS: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Supply Hub <no-reply@supplyhub.local>'),
  SAML_ALLOW_IDP_INITIATED: booleanFlag.default(false),
  SSO_EMPLOYEE_GROUP_PATTERNS: z
    .string()
    .regex(/^[^,]+(,[^,]+)*$/, 'must be a comma-separated list of group name fragments')
    .optional(),
  SSO_FORCED_PROVIDER_EMAILS: z
    .string()
    .regex(/^\s*[^,@\s]+@[^,@\s]+\s*(,\s*[^,@\s]+@[^,@\s]+\s*)*$/, 'must be a comma-separated list of e-mail addresses')
    .optional(),
  SUPPLIER_ALLOWED_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+:\d{1,5}(,[a-z0-9.-]+:\d{1,5})*$/i, 'must be a comma-separated list of host:port')
    .default('www.amazon.com:443,punchout.amazon.com:443'),
  SUPPLIER_IDENTITY: z.string().min(1).default('Amazon'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[\w.:/-]+(,[\w.:/-]+)*)$/,
      'must be a hop count or a comma-separated list of addresses or subnets',
    )
    .default('loopback'),
  AB_CLIENT_ID: z.string().min(1).optional(),
  AB_CLIENT_SECRET: z.string().min(1).optional(),
  AB_REFRESH_TOKEN: z.string().min(1).optional(),
  AB_MARKETPLACE: z.string().min(1).optional(),
  PAAPI_ENABLED: booleanFlag.default(false),
  PAAPI_PARTNER_TAG: z.string().min(1).optional(),
  PAAPI_ACCESS_KEY: z.string().min(1).optional(),
  PAAPI_SECRET_KEY: z.string().min(1).optional(),
  PAAPI_HOST: z.string().min(1).default('webservices.amazon.com'),
  PAAPI_REGION: z.string().min(1).default('us-east-1'),
  SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  SANDBOX_CONFIRM_AFTER_S: z.coerce.number().int().min(0).max(86_400).default(5),
  SANDBOX_SHIP_AFTER_S: z.coerce.number().int().min(0).max(86_400).default(20),
  SANDBOX_BACKORDER_SHARE: z.coerce.number().min(0).max(1).default(0.3),
  SANDBOX_INVOICE_AFTER_S: z.coerce.number().int().min(0).max(86_400).default(30),
  SANDBOX_INVOICE_OVERPRICE_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  OIDC_ISSUER_URL: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits or dashes')
    .default('google'),
  OIDC_ALLOW_HTTP_ISSUER: booleanFlag.default(false),
  RATE_LIMIT_ADDRESS_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  JOB_RUNS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MAIL_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 30)
    .default(12),
  METRICS_ENABLED: booleanFlag.default(false),
  METRICS_ALLOWED_FROM: z
    .string()
    .refine(isAddressList, 'must be a comma-separated list of IP addresses or subnets (10.0.0.0/8)')
    .default('127.0.0.1/8,::1'),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
});

/** `10.1.2.3`, `10.0.0.0/8`, `::1`, `fd00::/8`, comma-separated. */
function isAddressList(value: string): boolean {
  return value.split(',').every((entry) => {
    const [address = '', prefix, ...rest] = entry.trim().split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Absent: the app runs its own embedded PostgreSQL under dataDir. */
  databaseUrl: string | undefined;
  /**
   * Report reads (database/reports-reader.ts): the streaming replica at databaseUrl while it is at
   * most maxLagSeconds behind, else the primary. No databaseUrl: always the primary.
   */
  reports: { databaseUrl: string | undefined; maxLagSeconds: number };
  dataDir: string;
  /** Uploaded files (product images), served from the portal's own origin under /media. */
  storageDir: string;
  /**
   * S3-compatible object storage for uploaded files (several instances see the same images);
   * undefined: the local disk under storageDir. Credentials absent: the AWS SDK's default chain.
   */
  objectStorage:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      }
    | undefined;
  isDemoMode: boolean;
  areJobsEnabled: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  catalogCsvPath: string;
  sessionSecret: string;
  settingsEncryptionKey: string;
  companyTimezone: string;
  staticRoot: string;
  /** Proxies whose X-Forwarded-For/-Proto are believed (Express 'trust proxy'): a hop count or addresses/subnets. */
  trustProxy: number | string[];
  session: { idleTimeoutMs: number; absoluteLifetimeMs: number };
  /** How long the history-retention job keeps finished job runs and delivered outbox mail. */
  retention: { jobRunsDays: number; mailOutboxDays: number };
  /** Multiplies every per-address allowance: for a site where many people share one public address. */
  rateLimitAddressFactor: number;
  /** TOTP for admin and super_admin at password sign-in: on by default, off by default in demo mode. */
  isMfaRequiredForAdmins: boolean;
  /** Outgoing mail: SMTP when configured, else the outbox table and the log (works offline). */
  mail: { smtpUrl: string | undefined; from: string };
  /** Where approvals may send orders (host:port), and the supplier's identity in cXML To. */
  supplier: { allowedHosts: string[]; identity: string; totalTimeoutMs: number };
  /**
   * The sandbox supplier (demo mode and tests): how long after accepting an order it confirms and
   * ships, and the share of orders it partly backorders.
   */
  sandboxSupplier: {
    confirmAfterS: number;
    shipAfterS: number;
    backorderShare: number;
    /** How long after shipping it invoices (once the ward has received what shipped). */
    invoiceAfterS: number;
    /** The share of invoices priced 5 % above the order, so the three-way match shows its exceptions. */
    invoiceOverpriceShare: number;
  };
  /** Marketplace APIs (configuration only; absent → the health pages say Missing / not_configured). */
  businessApi: { clientId?: string; clientSecret?: string; refreshToken?: string; marketplace?: string };
  productAdvertisingApi: {
    isEnabled: boolean;
    partnerTag?: string;
    accessKey?: string;
    secretKey?: string;
    host: string;
    region: string;
  };
  /**
   * IdP-initiated SAML sign-in (no AuthnRequest of ours) is refused unless this is on. A new SSO
   * account is guessed 'employee' when a group contains one of the patterns (decisions.md's list
   * unless configured); the listed e-mails (test accounts) are always providers.
   */
  saml: { allowIdpInitiated: boolean; employeeGroupPatterns: string[]; forcedProviderEmails: string[] };
  /** Social sign-in (OpenID Connect); undefined when no client is configured. */
  oidc:
    | {
        issuerUrl: string;
        clientId: string;
        clientSecret: string | undefined;
        providerName: string;
        allowHttpIssuer: boolean;
      }
    | undefined;
  /**
   * GET /metrics (Prometheus): off unless enabled; served to the client addresses in allowedFrom
   * (the address Express derives under trustProxy) or to a request bearing the token.
   */
  metrics: { isEnabled: boolean; allowedFrom: string[]; token: string | undefined };
}

export class ConfigError extends Error {}

function objectStorageConfig(vars: z.infer<typeof envSchema>): AppConfig['objectStorage'] {
  if (vars.STORAGE_DRIVER === 'local') return undefined;
  if (!vars.S3_BUCKET) throw new ConfigError('Configuration error: S3_BUCKET is required when STORAGE_DRIVER=s3');
  if (Boolean(vars.S3_ACCESS_KEY_ID) !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    bucket: vars.S3_BUCKET,
    endpoint: vars.S3_ENDPOINT,
    region: vars.S3_REGION,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
    credentials:
      vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** A comma-separated setting as trimmed, lower-cased entries (undefined when unset). */
function listSetting(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Parses the environment once at boot. A bad or missing variable throws a ConfigError whose
 * message is one line naming the variable, so the entry point can print it and exit non-zero.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { isCli?: boolean } = {}): AppConfig {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Configuration error: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const vars = parsed.data;
  if (vars.DEMO_MODE && vars.NODE_ENV === 'production' && !vars.ALLOW_DEMO_MODE_IN_PRODUCTION) {
    throw new ConfigError(
      'Configuration error: DEMO_MODE is on with NODE_ENV=production; set ALLOW_DEMO_MODE_IN_PRODUCTION=true if you really mean it',
    );
  }
  // The embedded PostgreSQL is the demo's and development's: in production the database must be
  // one the operator runs, backs up and upgrades (docs/install.md), never a silent fallback.
  const isEmbeddedAllowed = vars.DEMO_MODE || vars.ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION;
  if (!vars.DATABASE_URL && vars.NODE_ENV === 'production' && !isEmbeddedAllowed) {
    throw new ConfigError(
      'Configuration error: DATABASE_URL is not set with NODE_ENV=production. The embedded PostgreSQL is for the demo and development only: set DATABASE_URL to the PostgreSQL you provide (docs/install.md), or set ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION=true if you really mean it',
    );
  }
  const dataDir = path.resolve(REPO_ROOT, vars.DATA_DIR);
  const secrets = resolveSecrets(vars, dataDir, options.isCli ?? false);
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: vars.PUBLIC_URL ?? `http://${displayHost(vars.HOST)}:${vars.PORT}`,
    databaseUrl: vars.DATABASE_URL,
    reports: { databaseUrl: vars.REPORTS_DATABASE_URL, maxLagSeconds: vars.REPORTS_MAX_LAG_S },
    dataDir,
    storageDir: path.resolve(REPO_ROOT, vars.STORAGE_DIR ?? path.join(vars.DATA_DIR, 'storage')),
    objectStorage: objectStorageConfig(vars),
    isDemoMode: vars.DEMO_MODE,
    areJobsEnabled: vars.JOBS_ENABLED,
    logLevel: vars.LOG_LEVEL,
    catalogCsvPath: path.resolve(REPO_ROOT, vars.CATALOG_CSV_PATH ?? 'seeds/catalog.csv'),
    sessionSecret: secrets.sessionSecret,
    settingsEncryptionKey: secrets.settingsEncryptionKey,
    companyTimezone: vars.COMPANY_TIMEZONE,
    staticRoot: REPO_ROOT,
    trustProxy: /^\d+$/.test(vars.TRUST_PROXY) ? Number(vars.TRUST_PROXY) : vars.TRUST_PROXY.split(','),
    isMfaRequiredForAdmins: vars.MFA_REQUIRED_FOR_ADMINS ?? !vars.DEMO_MODE,
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM },
    saml: {
      allowIdpInitiated: vars.SAML_ALLOW_IDP_INITIATED,
      employeeGroupPatterns: listSetting(vars.SSO_EMPLOYEE_GROUP_PATTERNS) ?? [...DEFAULT_EMPLOYEE_GROUP_PATTERNS],
      forcedProviderEmails: listSetting(vars.SSO_FORCED_PROVIDER_EMAILS) ?? [],
    },
    businessApi: {
      clientId: vars.AB_CLIENT_ID,
      clientSecret: vars.AB_CLIENT_SECRET,
      refreshToken: vars.AB_REFRESH_TOKEN,
      marketplace: vars.AB_MARKETPLACE,
    },
    productAdvertisingApi: {
      isEnabled: vars.PAAPI_ENABLED,
      partnerTag: vars.PAAPI_PARTNER_TAG,
      accessKey: vars.PAAPI_ACCESS_KEY,
      secretKey: vars.PAAPI_SECRET_KEY,
      host: vars.PAAPI_HOST,
      region: vars.PAAPI_REGION,
    },
    supplier: {
      // Demo mode adds the portal itself: its local sandbox supplier answers there.
      allowedHosts: [
        ...vars.SUPPLIER_ALLOWED_HOSTS.toLowerCase().split(','),
        ...(vars.DEMO_MODE ? [sandboxHost(vars.PUBLIC_URL ?? `http://${displayHost(vars.HOST)}:${vars.PORT}`)] : []),
      ],
      identity: vars.SUPPLIER_IDENTITY,
      totalTimeoutMs: vars.SUPPLIER_TIMEOUT_MS,
    },
    sandboxSupplier: {
      confirmAfterS: vars.SANDBOX_CONFIRM_AFTER_S,
      shipAfterS: vars.SANDBOX_SHIP_AFTER_S,
      backorderShare: vars.SANDBOX_BACKORDER_SHARE,
      invoiceAfterS: vars.SANDBOX_INVOICE_AFTER_S,
      invoiceOverpriceShare: vars.SANDBOX_INVOICE_OVERPRICE_SHARE,
    },
    oidc: vars.OIDC_CLIENT_ID
      ? {
          issuerUrl: vars.OIDC_ISSUER_URL,
          clientId: vars.OIDC_CLIENT_ID,
          clientSecret: vars.OIDC_CLIENT_SECRET,
          providerName: vars.OIDC_PROVIDER_NAME,
          allowHttpIssuer: vars.OIDC_ALLOW_HTTP_ISSUER,
        }
      : undefined,
    retention: { jobRunsDays: vars.JOB_RUNS_RETENTION_DAYS, mailOutboxDays: vars.MAIL_OUTBOX_RETENTION_DAYS },
    rateLimitAddressFactor: vars.RATE_LIMIT_ADDRESS_FACTOR,
    metrics: {
      isEnabled: vars.METRICS_ENABLED,
      allowedFrom: vars.METRICS_ALLOWED_FROM.split(',').map((entry) => entry.trim()),
      token: vars.METRICS_TOKEN,
    },
    session: {
      idleTimeoutMs: vars.SESSION_IDLE_MINUTES * 60_000,
      absoluteLifetimeMs: Math.round(vars.SESSION_ABSOLUTE_HOURS * 3_600_000),
    },
  };
}

function stripEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

function sandboxHost(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

type EnvVars = z.infer<typeof envSchema>;

/**
 * Secrets never have defaults in a real deployment. Demo mode and tests may run without them:
 * then random ones are generated once and kept in the data folder, so sessions survive restarts.
 */
function resolveSecrets(vars: EnvVars, dataDir: string, isCli: boolean) {
  if (vars.SESSION_SECRET && vars.SETTINGS_ENCRYPTION_KEY) {
    return { sessionSecret: vars.SESSION_SECRET, settingsEncryptionKey: vars.SETTINGS_ENCRYPTION_KEY };
  }
  // The CLI may reuse the secrets a demo server left in the same data folder.
  const hasLocalSecrets = existsSync(path.join(dataDir, 'local-secrets.json'));
  if (!vars.DEMO_MODE && vars.NODE_ENV !== 'test' && !(isCli && hasLocalSecrets)) {
    const missing = vars.SESSION_SECRET ? 'SETTINGS_ENCRYPTION_KEY' : 'SESSION_SECRET';
    throw new ConfigError(
      `Configuration error: ${missing} is required outside demo mode (generate one with: openssl rand -hex 32)`,
    );
  }
  const stored = readOrCreateLocalSecrets(dataDir);
  return {
    sessionSecret: vars.SESSION_SECRET ?? stored.sessionSecret,
    settingsEncryptionKey: vars.SETTINGS_ENCRYPTION_KEY ?? stored.settingsEncryptionKey,
  };
}

const localSecretsSchema = z.object({ sessionSecret: z.string(), settingsEncryptionKey: z.string() });

function readOrCreateLocalSecrets(dataDir: string) {
  const file = path.join(dataDir, 'local-secrets.json');
  if (existsSync(file)) {
    const stored = localSecretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (stored.success) return stored.data;
  }
  const created = {
    sessionSecret: randomBytes(32).toString('hex'),
    settingsEncryptionKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}
