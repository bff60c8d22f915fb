import type { HealthResponse, PunchoutSettingsView } from '@supply-hub/api/contracts';

import type { MfaPolicy } from './api/get-mfa-policy';
import type { DiagnosticCheck } from './sso-doctor-checks';

/** One answer of the readiness sources: the data, or why it could not be read. */
export type Source<T> = { state: 'loading' } | { state: 'loaded'; data: T } | { state: 'error'; message: string };

export interface ReadinessInput {
  health: Source<HealthResponse>;
  mfa: Source<MfaPolicy>;
  punchout: Source<PunchoutSettingsView>;
}

function check<T>(
  name: string,
  source: Source<T>,
  decide: (data: T) => { isReady: boolean; summary: string; details?: Record<string, string> },
): DiagnosticCheck {
  if (source.state === 'loading') return { name, result: 'INFO', summary: 'Checking…', details: {} };
  if (source.state === 'error')
    return { name, result: 'FAIL', summary: `Could not check: ${source.message}`, details: {} };
  const { isReady, summary, details = {} } = decide(source.data);
  return { name, result: isReady ? 'PASS' : 'FAIL', summary, details };
}

/** The production readiness checklist (admin-portal §2.10): database, demo mode, mail, admin MFA, punchout. */
export function buildReadinessChecks({ health, mfa, punchout }: ReadinessInput): DiagnosticCheck[] {
  return [
    check('Database', health, (data) => ({
      isReady: data.db === 'ok',
      summary: data.db === 'ok' ? 'The database answers.' : 'The database is unreachable.',
    })),
    check('Demo mode off', health, (data) => ({
      isReady: !data.demo_mode,
      summary: data.demo_mode
        ? 'Demo mode is on: demo sign-ins, the QA runner and the sandbox supplier are available. Turn DEMO_MODE off.'
        : 'Demo mode is off.',
    })),
    // Without SMTP outside demo mode nobody can finish signing up or resetting a password.
    check('Mail delivered', health, (data) => ({
      isReady: data.mail.delivery === 'smtp',
      summary: data.mail.message,
    })),
    check('MFA for admins', mfa, (data) => ({
      isReady: data.required,
      summary: data.required
        ? 'Two-step sign-in is required for administrators.'
        : 'Two-step sign-in is not enforced for administrators. Set MFA_REQUIRED_FOR_ADMINS=true.',
      details: { 'Your two-step sign-in': data.enabled ? 'on' : 'off' },
    })),
    check('Punchout configured', punchout, (data) => {
      const isReady = Boolean(data.punchout_url && data.identity && data.shared_secret_masked);
      return {
        isReady,
        summary: isReady
          ? 'Punchout URL, identity and shared secret are set.'
          : 'Punchout settings are incomplete: set them in the back office (Settings, Punchout Settings).',
        details: {
          Mode: data.test_mode ? 'test' : 'production',
          ...(data.punchout_url ? { URL: data.punchout_url } : {}),
        },
      };
    }),
  ];
}
