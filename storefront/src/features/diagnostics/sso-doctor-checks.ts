import { describeSsoRoleGuess } from '@supply-hub/api/contracts/sso-role-guess.rules';

import type { SsoStorageState } from '../../lib/sso-storage';
import type { CallbackError } from '../auth';
import type { SessionStatus } from './api/get-session-status';
import {
  MAX_SHOWN_DETAILS_LENGTH,
  shownErrorCode,
  signInErrorHeadline,
  truncateForDisplay,
  type SignInErrorFields,
} from './sign-in-error.rules';

export type CheckResult = 'PASS' | 'FAIL' | 'INFO';

export interface DiagnosticCheck {
  name: string;
  result: CheckResult;
  summary: string;
  details: Record<string, string>;
}

export interface SsoDoctorInput {
  url: string;
  origin: string;
  userAgent: string;
  referrer: string;
  storage: SsoStorageState;
  /** Error parameters in this page's own URL (query or hash). */
  urlError: CallbackError | null;
  /** The callback gave up waiting for the session (it says so in the location state). */
  hasCallbackTimedOut: boolean;
  sessionStatus: SessionStatus;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The code and the portal's own text for it; a description from the link is never quoted here. */
function describeError(error: SignInErrorFields): string {
  return `${shownErrorCode(error)} (${signInErrorHeadline(error)})`;
}

function arrivalCheck({ referrer, origin, storage }: SsoDoctorInput): DiagnosticCheck {
  const referrerOrigin = originOf(referrer);
  const details = {
    Referrer: referrer || '(none)',
    last_sso_path: storage.last_sso_path ?? '(not set)',
    last_sso_time: storage.last_sso_time ?? '(not set)',
  };
  if (referrerOrigin && referrerOrigin !== origin) {
    return { name: 'Arrival detection', result: 'PASS', summary: `Arrived from ${referrerOrigin}`, details };
  }
  const summary = storage.last_sso_time
    ? `No identity-provider referrer; the last single sign-on started at ${storage.last_sso_time}`
    : 'No identity-provider referrer and no single sign-on started from this browser';
  return { name: 'Arrival detection', result: 'INFO', summary, details };
}

function codeExchangeCheck({ urlError, hasCallbackTimedOut, storage }: SsoDoctorInput): DiagnosticCheck {
  const name = 'Code exchange';
  if (urlError) {
    return { name, result: 'FAIL', summary: `Error parameters in the URL: ${describeError(urlError)}`, details: {} };
  }
  if (hasCallbackTimedOut) {
    return {
      name,
      result: 'FAIL',
      summary: 'The callback returned without an error, but the session did not start within 7 seconds.',
      details: {},
    };
  }
  if (storage.lastSamlError) {
    return {
      name,
      result: 'FAIL',
      summary: `The last sign-in returned an error: ${describeError(storage.lastSamlError)}`,
      details: { Time: storage.lastSamlError.timestamp },
    };
  }
  return { name, result: 'PASS', summary: 'No error parameters returned', details: {} };
}

function sessionCheck({ sessionStatus }: SsoDoctorInput): DiagnosticCheck {
  const name = 'Session status';
  switch (sessionStatus.state) {
    case 'checking':
      return { name, result: 'INFO', summary: 'Checking…', details: {} };
    case 'signed_in': {
      const { session } = sessionStatus;
      return {
        name,
        result: 'PASS',
        summary: `Signed in as ${session.user.email}`,
        details: { 'User id': session.user.id, 'Auth method': session.auth_method, 'Expires at': session.expires_at },
      };
    }
    case 'signed_out':
      return {
        name,
        result: 'FAIL',
        summary: `No session: ${sessionStatus.message}`,
        details: { Code: sessionStatus.code },
      };
    case 'error':
      return { name, result: 'FAIL', summary: `Could not check the session: ${sessionStatus.message}`, details: {} };
  }
}

function attributesCheck({ sessionStatus }: SsoDoctorInput): DiagnosticCheck {
  const name = 'SAML attributes';
  if (sessionStatus.state !== 'signed_in') {
    return { name, result: 'INFO', summary: 'Sign in to see the attributes received.', details: {} };
  }
  const { session } = sessionStatus;
  const profile = session.profile;
  const summary =
    session.auth_method === 'saml'
      ? 'Received from the identity provider and stored on the profile'
      : `This session was started by ${session.auth_method}, not by SAML; the profile is shown`;
  return {
    name,
    result: 'INFO',
    summary,
    details: {
      Email: session.user.email,
      'First name': profile?.first_name ?? '(none)',
      'Last name': profile?.last_name ?? '(none)',
      Department: profile?.department ?? '(none)',
    },
  };
}

function roleCheck({ sessionStatus }: SsoDoctorInput): DiagnosticCheck {
  const name = 'Role computation';
  if (sessionStatus.state !== 'signed_in') {
    return {
      name,
      result: 'INFO',
      summary: 'Sign in to see the roles computed.',
      details: { 'SSO role guess': describeSsoRoleGuess() },
    };
  }
  const { session, roleGuess } = sessionStatus;
  const roles = `Roles: ${session.roles.join(', ') || '(none)'}; effective role: ${session.effective_role}`;
  if (!roleGuess) {
    return { name, result: 'INFO', summary: `${roles}; SSO role guess: unavailable`, details: {} };
  }
  const rule = describeSsoRoleGuess(roleGuess.employee_group_patterns);
  const forced: Record<string, string> = roleGuess.is_forced_provider
    ? { 'Test account': 'always a provider (configured)' }
    : {};
  if (!roleGuess.groups) {
    return {
      name,
      result: 'INFO',
      summary: `${roles}; no groups were received from an identity provider for this session (${session.auth_method})`,
      details: { 'SSO role guess': rule, ...forced },
    };
  }
  return {
    name,
    result: 'INFO',
    summary: `${roles}; SSO role guess: ${roleGuess.role_guess ?? 'provider'}`,
    details: {
      'Groups received': roleGuess.groups.join(', ') || '(none)',
      'SSO role guess': rule,
      ...forced,
      Note: 'The guess sets the role of a new account only; an administrator grants roles afterwards.',
    },
  };
}

/** admin-portal §2.11 SSO Doctor: page context, arrival, code exchange, session, attributes and roles. */
export function buildSsoDoctorChecks(input: SsoDoctorInput): DiagnosticCheck[] {
  // The address can carry a crafted error_description: shown percent-encoded and cut, as data.
  const url = truncateForDisplay(input.url, MAX_SHOWN_DETAILS_LENGTH);
  return [
    {
      name: 'Page context',
      result: 'INFO',
      summary: url,
      details: { URL: url, Origin: input.origin, 'User agent': input.userAgent },
    },
    arrivalCheck(input),
    codeExchangeCheck(input),
    sessionCheck(input),
    attributesCheck(input),
    roleCheck(input),
  ];
}
