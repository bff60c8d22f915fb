import { describe, expect, it } from '@jest/globals';

import { DEFAULT_EMPLOYEE_GROUP_PATTERNS } from '../../contracts/sso-role-guess.rules.js';
import {
  identityFromAssertion,
  localRelayState,
  reasonForSamlError,
  roleForNewSamlAccount,
  samlFailureLocation,
  samlSuccessLocation,
  samlTestLocation,
} from './saml.rules.js';

describe('localRelayState', () => {
  it.each([
    ['/orders', '/orders'],
    ['/orders?tab=open#top', '/orders?tab=open#top'],
    ['/', '/'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['orders', undefined],
    ['', undefined],
    ['/a\nb', undefined],
    [`/${'a'.repeat(1000)}`, undefined],
    [['/orders'], undefined],
    [42, undefined],
    [undefined, undefined],
  ])('%j gives %j', (value, expected) => {
    expect(localRelayState(value)).toBe(expected);
  });
});

describe('reasonForSamlError', () => {
  it.each([
    ['Invalid signature', 'signature'],
    ['Invalid document signature', 'signature'],
    ['Invalid signature: multiple assertions', 'signature'],
    ['Cannot obtain assertion from signed data', 'signature'],
    ['Invalid signature: ID cannot refer to more than one element', 'signature'],
    ['Too many signatures found for this element', 'signature'],
    ['SAML assertion audience mismatch. Expected: a Received: b', 'audience'],
    ['SAML assertion has no AudienceRestriction', 'audience'],
    ['SAML assertion expired: clocks skewed too much', 'expired'],
    ['SAML assertion not yet valid', 'expired'],
    ['No valid subject confirmation found among those available in the SAML assertion', 'expired'],
    ['InResponseTo is not valid', 'in_response_to'],
    ['InResponseTo does not match subjectInResponseTo', 'in_response_to'],
    ['SubjectInResponseTo is not valid', 'in_response_to'],
    ['InResponseTo is missing from response', 'unsolicited'],
    ['SAML provider returned Responder error: unspecified', 'idp_error'],
    ['Missing SAML assertion', 'malformed'],
    ['Not a valid XML document', 'malformed'],
    ['something new', 'invalid'],
  ])('"%s" is %s', (message, reason) => {
    expect(reasonForSamlError(new Error(message))).toBe(reason);
  });

  it('treats a non-Error as invalid', () => {
    expect(reasonForSamlError('Invalid signature')).toBe('invalid');
  });
});

describe('identityFromAssertion', () => {
  const persistent = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

  it('takes the e-mail from an e-mail NameID, lower-cased, and the names and groups from the attributes', () => {
    expect(
      identityFromAssertion({
        nameId: 'Ada@Clinic.org',
        nameIdFormat: undefined,
        attributes: { givenName: 'Ada', sn: 'Lovelace', groups: ['Cardiology', 'Physicians'] },
      }),
    ).toEqual({
      subject: 'Ada@Clinic.org',
      email: 'ada@clinic.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      groups: ['Cardiology', 'Physicians'],
    });
  });

  it.each([
    [{ email: 'a@clinic.org' }, 'a@clinic.org'],
    [{ Mail: 'b@clinic.org' }, 'b@clinic.org'],
    [{ 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': 'c@clinic.org' }, 'c@clinic.org'],
    [{ email: ['not-an-email', 'd@clinic.org'] }, 'd@clinic.org'],
  ])('with an opaque NameID, takes the e-mail from %j', (attributes, email) => {
    const identity = identityFromAssertion({ nameId: 'u-123', nameIdFormat: persistent, attributes });
    expect(identity).toMatchObject({ subject: 'u-123', email });
  });

  it('reads firstName/lastName, memberOf, a single group, and skips complex values', () => {
    expect(
      identityFromAssertion({
        nameId: 'u-1',
        nameIdFormat: persistent,
        attributes: {
          mail: 'e@clinic.org',
          firstName: 'Grace',
          lastName: 'Hopper',
          memberOf: 'nice-staff',
          groups: [{ x: 1 }],
        },
      }),
    ).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', groups: ['nice-staff'] });
  });

  it.each([
    [{ nameId: undefined, nameIdFormat: undefined, attributes: { email: 'a@b.org' } }, 'nameid'],
    [{ nameId: '  ', nameIdFormat: undefined, attributes: { email: 'a@b.org' } }, 'nameid'],
    [
      { nameId: 'a@b.org', nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient', attributes: {} },
      'nameid',
    ],
    [{ nameId: 'u-1', nameIdFormat: persistent, attributes: {} }, 'email'],
    [{ nameId: 'u-1', nameIdFormat: persistent, attributes: { email: 'nope' } }, 'email'],
  ])('refuses %j with %s', (input, failure) => {
    expect(identityFromAssertion(input)).toEqual({ failure });
  });
});

describe('roleForNewSamlAccount', () => {
  it.each([
    [['Physicians'], 'provider'],
    [[], 'provider'],
    [['nice-staff'], 'user'],
    [['Clinic Employees'], 'user'],
  ])('groups %j give the role %s', (groups, role) => {
    const defaults = { employeeGroupPatterns: [...DEFAULT_EMPLOYEE_GROUP_PATTERNS], forcedProviderEmails: [] };
    expect(roleForNewSamlAccount({ email: 'a@b.org', groups }, defaults)).toBe(role);
  });

  it('gives a group rule’s role, except to a whitelisted test account, who is always a provider', () => {
    const settings = {
      employeeGroupPatterns: [...DEFAULT_EMPLOYEE_GROUP_PATTERNS],
      forcedProviderEmails: ['Test@B.org'],
    };
    expect(roleForNewSamlAccount({ email: 'a@b.org', groups: ['nice-staff'] }, settings, 'nurse')).toBe('nurse');
    expect(roleForNewSamlAccount({ email: 'test@b.org', groups: ['nice-staff'] }, settings, 'nurse')).toBe('provider');
  });
});

describe('callback locations', () => {
  it('names the reason with a saml_ prefix (unknown_provider as is) and a readable description', () => {
    const location = new URL(samlFailureLocation('replay'), 'http://portal.test');
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('error')).toBe('saml_replay');
    expect(location.searchParams.get('error_description')).toMatch(/already been used \(replay\)/);
    expect(samlFailureLocation('unknown_provider')).toMatch(/^\/auth\/callback\?error=unknown_provider&/);
  });

  it('carries a local RelayState as redirect', () => {
    expect(samlSuccessLocation(undefined)).toBe('/auth/callback');
    expect(samlSuccessLocation('/orders?tab=open')).toBe('/auth/callback?redirect=%2Forders%3Ftab%3Dopen');
  });

  it('sends a test sign-in back to the Single sign-on page with its id', () => {
    expect(samlTestLocation('hospital_sso', '00000000-0000-4000-8000-000000000001')).toBe(
      '/admin/sso?provider=hospital_sso&test=00000000-0000-4000-8000-000000000001',
    );
  });
});
