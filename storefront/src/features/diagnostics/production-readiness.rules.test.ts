import { describe, expect, it } from '@jest/globals';
import type { HealthResponse, PunchoutSettingsView } from '@supply-hub/api/contracts';

import { buildReadinessChecks } from './production-readiness.rules';

const health = {
  db: 'ok',
  demo_mode: false,
  mail: { delivery: 'smtp', message: 'Mail is sent through the SMTP server (SMTP_URL).' },
} as HealthResponse;
const punchout = {
  punchout_url: 'https://supplier.example/punchout',
  identity: 'hospital',
  shared_secret_masked: '••••',
  test_mode: false,
} as PunchoutSettingsView;

describe('the production readiness checklist', () => {
  it('passes every check for a production-ready portal', () => {
    const checks = buildReadinessChecks({
      health: { state: 'loaded', data: health },
      mfa: { state: 'loaded', data: { required: true, enabled: true } },
      punchout: { state: 'loaded', data: punchout },
    });
    expect(checks.map((c) => [c.name, c.result])).toEqual([
      ['Database', 'PASS'],
      ['Demo mode off', 'PASS'],
      ['Mail delivered', 'PASS'],
      ['MFA for admins', 'PASS'],
      ['Punchout configured', 'PASS'],
    ]);
  });

  it('fails demo mode, optional admin MFA and missing punchout values; unread sources fail or wait', () => {
    const checks = buildReadinessChecks({
      health: { state: 'loaded', data: { ...health, demo_mode: true } },
      mfa: { state: 'error', message: 'HTTP 500' },
      punchout: { state: 'loading' },
    });
    expect(checks.map((c) => c.result)).toEqual(['PASS', 'FAIL', 'PASS', 'FAIL', 'INFO']);
    expect(checks[3]?.summary).toBe('Could not check: HTTP 500');
  });

  it('fails mail delivery without SMTP, saying sign-up and password-reset mails are not delivered', () => {
    const message =
      'Sign-up and password-reset mails are not delivered: no SMTP server is set (SMTP_URL). They wait in the outbox.';
    const checks = buildReadinessChecks({
      health: { state: 'loaded', data: { ...health, mail: { delivery: 'not_delivered', message } } },
      mfa: { state: 'loading' },
      punchout: { state: 'loading' },
    });
    expect(checks.find((c) => c.name === 'Mail delivered')).toMatchObject({ result: 'FAIL', summary: message });
  });
});
