import { emailSchema } from '../../contracts/auth.js';
import type { Role } from '../../contracts/roles.js';
import { guessSsoRole, type SsoRoleLabel } from '../../contracts/sso-role-guess.rules.js';

import { SAML_FAILURE_MESSAGES, samlErrorCode, type SamlFailureReason } from '../../contracts/sign-in-errors.js';

/** Why a SAML sign-in did not end in a session: `/auth/callback?error=saml_<reason>` (unknown_provider as is). */
export { samlErrorCode, type SamlFailureReason };

/** Where the browser lands after a failure; encodeURIComponent keeps spaces as %20 (not '+'). */
export function samlFailureLocation(reason: SamlFailureReason): string {
  const description = encodeURIComponent(SAML_FAILURE_MESSAGES[reason]);
  return `/auth/callback?error=${samlErrorCode(reason)}&error_description=${description}`;
}

/** Where the browser lands after a test sign-in: the back office's Single sign-on page shows the answer. */
export function samlTestLocation(providerId: string, testId: string): string {
  return `/admin/sso?provider=${encodeURIComponent(providerId)}&test=${encodeURIComponent(testId)}`;
}

export function samlSuccessLocation(relayState: string | undefined): string {
  return relayState ? `/auth/callback?redirect=${encodeURIComponent(relayState)}` : '/auth/callback';
}

/**
 * RelayState is kept only when it is a path on this portal: one leading slash, not '//' or '/\'
 * (both mean another host to a browser), no control characters. Anything else is dropped.
 */
export function localRelayState(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 1000) return undefined;
  // eslint-disable-next-line no-control-regex
  if (!/^\/(?![/\\])/.test(value) || /[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/**
 * The reason a node-saml validation error stands for. node-saml 5 throws plain Errors, so its
 * messages are the only signal; they are matched here, in one place, and pinned by the tests.
 */
export function reasonForSamlError(error: unknown): SamlFailureReason {
  const message = error instanceof Error ? error.message : '';
  if (/^InResponseTo is missing/.test(message)) return 'unsolicited';
  if (/InResponseTo/.test(message)) return 'in_response_to';
  if (/^SAML assertion (expired|not yet valid)|^No valid subject confirmation/.test(message)) return 'expired';
  if (/audience|AudienceRestriction/i.test(message)) return 'audience';
  if (/signature|signed|ID cannot refer|Referenced node/i.test(message)) return 'signature';
  if (/^SAML provider returned/.test(message)) return 'idp_error';
  if (/^Missing SAML assertion|^Unknown SAML response|^Not a valid XML|xmldom|EncryptedAssertion/.test(message)) {
    return 'malformed';
  }
  return 'invalid';
}

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const FIRST_NAME_ATTRIBUTES = [
  'givenName',
  'firstName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
];
const LAST_NAME_ATTRIBUTES = [
  'sn',
  'surname',
  'lastName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
];
const GROUP_ATTRIBUTES = ['groups', 'memberOf', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups'];
// The common names of a person's department in directories (LDAP departmentNumber, Azure AD/ADFS claims).
const DEPARTMENT_ATTRIBUTES = [
  'department',
  'departmentNumber',
  'urn:oid:2.16.840.1.113730.3.1.2',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/department',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/department',
];
const TRANSIENT_NAME_ID = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';

/** Attribute values as strings: single or multi-valued; complex (nested XML) values are skipped. */
function valuesOf(attributes: Record<string, unknown>, names: readonly string[]): string[] {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  return Object.entries(attributes)
    .filter(([name]) => wanted.has(name.toLowerCase()))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

function asEmail(value: string | undefined): string | undefined {
  const parsed = emailSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : undefined;
}

export interface SamlIdentity {
  subject: string;
  email: string;
  firstName?: string;
  lastName?: string;
  groups: string[];
  /** The first department attribute's value, when the IdP sends one. */
  department?: string;
}

/**
 * The person a verified assertion names. The NameID is the subject (a transient one changes at
 * every sign-in, so it cannot identify an account); the e-mail is the NameID when it is one, else
 * the first e-mail attribute.
 */
export function identityFromAssertion(input: {
  nameId: string | undefined;
  nameIdFormat: string | undefined;
  attributes: Record<string, unknown>;
}): SamlIdentity | { failure: 'nameid' | 'email' } {
  const subject = input.nameId?.trim();
  if (!subject || input.nameIdFormat === TRANSIENT_NAME_ID) return { failure: 'nameid' };
  const email =
    asEmail(subject) ??
    valuesOf(input.attributes, EMAIL_ATTRIBUTES)
      .map(asEmail)
      .find((value) => value !== undefined);
  if (!email) return { failure: 'email' };
  return {
    subject,
    email,
    firstName: valuesOf(input.attributes, FIRST_NAME_ATTRIBUTES)[0],
    lastName: valuesOf(input.attributes, LAST_NAME_ATTRIBUTES)[0],
    groups: valuesOf(input.attributes, GROUP_ATTRIBUTES),
    department: valuesOf(input.attributes, DEPARTMENT_ATTRIBUTES)[0]?.slice(0, 100),
  };
}

/**
 * A whitelisted test account is a provider whatever its groups (decisions.md); then a group rule of
 * the provider's settings decides; else the guess, whose 'employee' is a label, not a role value:
 * staff get the plain 'user' role and an admin grants more; everyone else is a 'provider'.
 * Existing accounts keep their roles.
 */
export function roleForNewSamlAccount(
  identity: Pick<SamlIdentity, 'email' | 'groups'>,
  settings: { employeeGroupPatterns: readonly string[]; forcedProviderEmails: readonly string[] },
  mappedRole?: Role,
): Role {
  const email = identity.email?.toLowerCase();
  if (settings.forcedProviderEmails.some((forced) => forced.toLowerCase() === email)) return 'provider';
  if (mappedRole) return mappedRole;
  const label: SsoRoleLabel = guessSsoRole({
    email: identity.email,
    groups: identity.groups,
    patterns: settings.employeeGroupPatterns,
    forcedProviderEmails: settings.forcedProviderEmails,
  });
  return label === 'provider' ? 'provider' : 'user';
}
