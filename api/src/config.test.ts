import { describe, expect, it } from '@jest/globals';

import { ConfigError, loadConfig } from './config.js';

const SECRETS = { SESSION_SECRET: 'x'.repeat(40), SETTINGS_ENCRYPTION_KEY: 'b'.repeat(64) };

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('loadConfig', () => {
  it('starts from defaults: port 3000 on 127.0.0.1, embedded database, demo mode off', () => {
    const config = loadConfig({ ...SECRETS });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, isDemoMode: false });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('reads the SSO role guess settings as lower-cased lists, decisions.md’s patterns by default', () => {
    expect(loadConfig({ ...SECRETS }).saml).toMatchObject({
      employeeGroupPatterns: ['nice', 'employee', 'admin', 'staff', 'niceemployees', 'nice-staff', 'nicehealthcare'],
      forcedProviderEmails: [],
    });
    const configured = loadConfig({
      ...SECRETS,
      SSO_EMPLOYEE_GROUP_PATTERNS: 'Nurse, Pharmacy',
      SSO_FORCED_PROVIDER_EMAILS: 'Test@Clinic.org, qa@clinic.org',
    });
    expect(configured.saml).toMatchObject({
      employeeGroupPatterns: ['nurse', 'pharmacy'],
      forcedProviderEmails: ['test@clinic.org', 'qa@clinic.org'],
    });
    expect(configError({ ...SECRETS, SSO_FORCED_PROVIDER_EMAILS: 'test@clinic.org, not-an-address' })).toMatch(
      /^Configuration error: SSO_FORCED_PROVIDER_EMAILS must be a comma-separated list of e-mail addresses$/,
    );
  });

  it('reads reports from the primary unless REPORTS_DATABASE_URL names a replica, 30 s of lag allowed', () => {
    expect(loadConfig({ ...SECRETS }).reports).toEqual({ databaseUrl: undefined, maxLagSeconds: 30 });
    const url = 'postgres://reader@replica:5432/supply_hub';
    expect(loadConfig({ ...SECRETS, REPORTS_DATABASE_URL: url, REPORTS_MAX_LAG_S: '2.5' }).reports).toEqual({
      databaseUrl: url,
      maxLagSeconds: 2.5,
    });
    expect(configError({ ...SECRETS, REPORTS_DATABASE_URL: 'mysql://replica' })).toBe(
      'Configuration error: REPORTS_DATABASE_URL must be a postgres:// URL',
    );
    expect(configError({ ...SECRETS, REPORTS_MAX_LAG_S: '-1' })).toMatch(/^Configuration error: REPORTS_MAX_LAG_S /);
  });

  it('names the variable that is wrong, in one line', () => {
    const message = configError({ ...SECRETS, PORT: 'eighty' });
    expect(message).toMatch(/^Configuration error: PORT /);
    expect(message).not.toContain('\n');
    expect(configError({ ...SECRETS, DATABASE_URL: 'mysql://x' })).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('refuses a COMPANY_TIMEZONE that is not an IANA zone', () => {
    expect(configError({ ...SECRETS, COMPANY_TIMEZONE: 'Mars/Olympus' })).toMatch(
      /^Configuration error: COMPANY_TIMEZONE Timezone must be an IANA time zone name/,
    );
    expect(loadConfig({ ...SECRETS, COMPANY_TIMEZONE: 'America/Chicago' }).companyTimezone).toBe('America/Chicago');
  });

  it('requires the secrets outside demo mode', () => {
    expect(configError({ SETTINGS_ENCRYPTION_KEY: 'b'.repeat(64) })).toMatch(
      /SESSION_SECRET is required outside demo mode/,
    );
    expect(configError({ SESSION_SECRET: 'short', SETTINGS_ENCRYPTION_KEY: 'b'.repeat(64) })).toMatch(
      /SESSION_SECRET must be at least 32/,
    );
  });

  it('refuses demo mode in production unless explicitly allowed', () => {
    const env = { ...SECRETS, DEMO_MODE: 'true', NODE_ENV: 'production' };
    expect(configError(env)).toMatch(/ALLOW_DEMO_MODE_IN_PRODUCTION/);
    expect(loadConfig({ ...env, ALLOW_DEMO_MODE_IN_PRODUCTION: 'true' }).isDemoMode).toBe(true);
  });

  it('refuses to start the embedded PostgreSQL in production unless explicitly allowed', () => {
    const env = { ...SECRETS, NODE_ENV: 'production' };
    expect(configError(env)).toBe(
      'Configuration error: DATABASE_URL is not set with NODE_ENV=production. The embedded PostgreSQL is for the demo and development only: set DATABASE_URL to the PostgreSQL you provide (docs/install.md), or set ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION=true if you really mean it',
    );
    expect(loadConfig({ ...env, ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: 'true' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://db.internal/supply_hub' }).databaseUrl).toBe(
      'postgres://db.internal/supply_hub',
    );
    expect(() => loadConfig({ ...SECRETS, NODE_ENV: 'development' })).not.toThrow();
  });
});
