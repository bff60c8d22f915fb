import { describe, expect, it } from '@jest/globals';

import {
  checkDelivery,
  decodeSamlResponse,
  readAssertionFacts,
  readResponseEnvelope,
  type AssertionFacts,
  type ResponseEnvelope,
} from './saml-response.rules.js';

const ACS = 'https://portal.test/api/auth/saml/clinic/acs';
const IDP = 'https://idp.clinic.test/metadata';
const NOW = Date.parse('2026-11-21T12:00:00Z');
const SKEW = 5000;

const base64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

function assertion(confirmations: string, extra = ''): string {
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a1" Version="2.0">` +
    `<saml:Issuer>${IDP}</saml:Issuer><saml:Subject><saml:NameID>a@clinic.org</saml:NameID>${confirmations}</saml:Subject>` +
    `<saml:Conditions NotOnOrAfter="2026-11-21T12:10:00Z"/>${extra}</saml:Assertion>`
  );
}

const bearer = (attributes: string, method = 'urn:oasis:names:tc:SAML:2.0:cm:bearer') =>
  `<saml:SubjectConfirmation Method="${method}"><saml:SubjectConfirmationData ${attributes}/></saml:SubjectConfirmation>`;

describe('decodeSamlResponse', () => {
  it('decodes base64 XML and refuses a document type declaration or non-XML', () => {
    expect(decodeSamlResponse(base64('<samlp:Response/>'))).toBe('<samlp:Response/>');
    expect(decodeSamlResponse(base64('<!DOCTYPE r [<!ENTITY a "b">]><r>&a;</r>'))).toBeUndefined();
    expect(decodeSamlResponse(base64('<!ENTITY a SYSTEM "file:///etc/passwd">'))).toBeUndefined();
    expect(decodeSamlResponse(base64('hello'))).toBeUndefined();
  });
});

describe('readResponseEnvelope', () => {
  it('reads Destination, Issuer and the top-level assertion ids of a samlp:Response', () => {
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" Destination="${ACS}">` +
      `<saml:Issuer> ${IDP} </saml:Issuer>${assertion('')}</samlp:Response>`;
    expect(readResponseEnvelope(xml)).toEqual({ destination: ACS, issuer: IDP, assertionIds: ['_a1'] });
  });

  it.each([
    ['another root', '<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"/>'],
    ['another namespace', '<Response xmlns="urn:example"/>'],
    ['broken XML', '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">'],
  ])('refuses %s', (_label, xml) => {
    expect(readResponseEnvelope(xml)).toBeUndefined();
  });
});

describe('readAssertionFacts', () => {
  it('keeps bearer confirmations only, with their Recipient and times', () => {
    const facts = readAssertionFacts(
      assertion(
        bearer(`Recipient="${ACS}" NotOnOrAfter="2026-11-21T12:05:00Z"`) +
          bearer(`Recipient="https://other.test/acs"`, 'urn:oasis:names:tc:SAML:2.0:cm:holder-of-key'),
      ),
    );
    expect(facts).toEqual({
      id: '_a1',
      issuer: IDP,
      confirmations: [{ recipient: ACS, notBefore: undefined, notOnOrAfter: Date.parse('2026-11-21T12:05:00Z') }],
      conditionsNotOnOrAfter: Date.parse('2026-11-21T12:10:00Z'),
    });
  });

  it('refuses an assertion without an ID', () => {
    expect(readAssertionFacts(assertion('').replace(' ID="_a1"', ''))).toBeUndefined();
  });
});

describe('checkDelivery', () => {
  const envelope: ResponseEnvelope = { destination: ACS, issuer: IDP, assertionIds: ['_a1'] };
  const facts: AssertionFacts = {
    id: '_a1',
    issuer: IDP,
    confirmations: [{ recipient: ACS, notOnOrAfter: NOW + 60_000 }],
    conditionsNotOnOrAfter: NOW + 120_000,
  };
  const check = (changes: { envelope?: Partial<ResponseEnvelope>; assertion?: Partial<AssertionFacts> }) =>
    checkDelivery({
      envelope: { ...envelope, ...changes.envelope },
      assertion: { ...facts, ...changes.assertion },
      idpEntityId: IDP,
      acsUrl: ACS,
      nowMs: NOW,
      skewMs: SKEW,
    });

  it('accepts a response for our ACS and keeps the replay record until the last NotOnOrAfter plus skew', () => {
    expect(check({})).toEqual({ ok: true, assertionId: '_a1', expiresAt: new Date(NOW + 120_000 + SKEW) });
    expect(check({ envelope: { issuer: undefined } })).toMatchObject({ ok: true });
  });

  it.each<[string, Parameters<typeof check>[0], string]>([
    ['an assertion from another issuer', { assertion: { issuer: 'https://rogue.test' } }, 'issuer'],
    ['an envelope from another issuer', { envelope: { issuer: 'https://rogue.test' } }, 'issuer'],
    ['no Destination', { envelope: { destination: undefined } }, 'destination'],
    ['another Destination', { envelope: { destination: 'https://other.test/acs' } }, 'destination'],
    ['no bearer confirmation', { assertion: { confirmations: [] } }, 'destination'],
    [
      'another Recipient',
      { assertion: { confirmations: [{ recipient: 'https://other.test/acs', notOnOrAfter: NOW + 60_000 }] } },
      'destination',
    ],
    ['no NotOnOrAfter', { assertion: { confirmations: [{ recipient: ACS }] } }, 'expired'],
    [
      'NotOnOrAfter past the skew',
      { assertion: { confirmations: [{ recipient: ACS, notOnOrAfter: NOW - SKEW }] } },
      'expired',
    ],
    [
      'NotBefore beyond the skew',
      { assertion: { confirmations: [{ recipient: ACS, notBefore: NOW + SKEW + 1, notOnOrAfter: NOW + 60_000 }] } },
      'expired',
    ],
  ])('refuses %s', (_label, changes, reason) => {
    expect(check(changes)).toEqual({ ok: false, reason });
  });

  it('tolerates the clock skew on both sides', () => {
    const withinSkew = [{ recipient: ACS, notBefore: NOW + SKEW, notOnOrAfter: NOW - SKEW + 1 }];
    expect(check({ assertion: { confirmations: withinSkew } })).toMatchObject({ ok: true });
  });
});
