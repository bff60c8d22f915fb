import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * A simulated SAML identity provider for tests. It never listens: it builds SAML Responses from a
 * template and signs them for real (RSA-SHA256, exclusive c14n, enveloped) with an RSA key and a
 * self-signed certificate that the openssl CLI makes at first use, in a temporary folder removed
 * at once. Options produce the broken responses an attacker or a misconfigured IdP would send.
 */
export interface TestIdpKeys {
  privateKeyPem: string;
  certificatePem: string;
}

let cachedKeys: TestIdpKeys | undefined;

export function testIdpKeys(): TestIdpKeys {
  cachedKeys ??= generateTestIdpKeys();
  return cachedKeys;
}

/** A key pair of its own, e.g. the next certificate of a rotation. */
export function generateTestIdpKeys(commonName = 'Supply Hub test IdP'): TestIdpKeys {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-saml-idp-'));
  try {
    const keyFile = path.join(dir, 'idp-key.pem');
    const certFile = path.join(dir, 'idp-cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore', timeout: 30_000 },
    );
    return { privateKeyPem: readFileSync(keyFile, 'utf8'), certificatePem: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SIGNATURE_ALGORITHM = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const DIGEST_ALGORITHM = 'http://www.w3.org/2001/04/xmlenc#sha256';
const EXCLUSIVE_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface TestResponseOptions {
  /** Our ACS URL: the default Destination and Recipient. */
  acsUrl: string;
  /** Our SP entity id: the default Audience. */
  audience: string;
  /** The AuthnRequest id answered; null builds an IdP-initiated (unsolicited) response. */
  inResponseTo: string | null;
  nameId: string;
  nameIdFormat?: string;
  /** Attribute name to one or several values. */
  attributes?: Record<string, string | string[]>;
  destination?: string;
  recipient?: string;
  issuer?: string;
  /** Default: five minutes from now. A past date makes an expired response. */
  notOnOrAfter?: Date;
  /** Default true. False with signResponse false makes an unsigned response. */
  signAssertion?: boolean;
  signResponse?: boolean;
  /** Replaces this text in the signed XML (e.g. the e-mail), breaking the signature's digest. */
  alterAfterSigning?: { from: string; to: string };
  /** Injects a second, unsigned assertion naming this e-mail before the signed one (signature wrapping). */
  wrapWithUnsignedAssertionFor?: string;
  assertionId?: string;
}

export interface TestIdp extends TestIdpKeys {
  entityId: string;
  entryPoint: string;
  /** The response's XML text, signed as asked. */
  buildResponseXml(options: TestResponseOptions): string;
  /** The same, base64-encoded as the HTTP-POST binding's SAMLResponse form field. */
  buildResponse(options: TestResponseOptions): string;
  /** The IdP's SAML 2.0 metadata: entity id, HTTP-Redirect single sign-on URL, signing certificate. */
  buildMetadataXml(): string;
}

export function uniqueSamlId(): string {
  return `_${randomBytes(16).toString('hex')}`;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attributeStatement(attributes: Record<string, string | string[]>): string {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return '';
  const body = entries
    .map(([name, value]) => {
      const values = (Array.isArray(value) ? value : [value])
        .map((item) => `<saml:AttributeValue>${escapeXml(item)}</saml:AttributeValue>`)
        .join('');
      return `<saml:Attribute Name="${escapeXml(name)}">${values}</saml:Attribute>`;
    })
    .join('');
  return `<saml:AttributeStatement>${body}</saml:AttributeStatement>`;
}

function assertionXml(
  options: TestResponseOptions & { issuer: string; assertionId: string; notOnOrAfter: Date },
  now: Date,
): string {
  const issued = now.toISOString();
  const notBefore = new Date(Math.min(now.getTime(), options.notOnOrAfter.getTime()) - 60_000).toISOString();
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : '';
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${options.assertionId}" Version="2.0" IssueInstant="${issued}">` +
    `<saml:Issuer>${escapeXml(options.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${escapeXml(options.nameIdFormat ?? EMAIL_FORMAT)}">${escapeXml(options.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${options.notOnOrAfter.toISOString()}" Recipient="${escapeXml(options.recipient ?? options.acsUrl)}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${options.notOnOrAfter.toISOString()}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="${uniqueSamlId()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    attributeStatement(options.attributes ?? {}) +
    `</saml:Assertion>`
  );
}

/** Signs the element `xpath` selects, placing the enveloped ds:Signature right after its Issuer (schema order). */
function signElement(xml: string, keys: TestIdpKeys, xpath: string): string {
  const signer = new SignedXml({
    privateKey: keys.privateKeyPem,
    publicCert: keys.certificatePem,
    signatureAlgorithm: SIGNATURE_ALGORITHM,
    canonicalizationAlgorithm: EXCLUSIVE_C14N,
  });
  signer.addReference({ xpath, transforms: [ENVELOPED, EXCLUSIVE_C14N], digestAlgorithm: DIGEST_ALGORITHM });
  signer.computeSignature(xml, {
    location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

export function createTestIdp(name = `idp-${randomBytes(4).toString('hex')}`, keys = testIdpKeys()): TestIdp {
  const entityId = `https://${name}.saml-idp.test/metadata`;
  const entryPoint = `https://${name}.saml-idp.test/sso`;

  function buildResponseXml(options: TestResponseOptions): string {
    const now = new Date();
    const filled = {
      ...options,
      issuer: options.issuer ?? entityId,
      assertionId: options.assertionId ?? uniqueSamlId(),
      notOnOrAfter: options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000),
    };
    let assertion = assertionXml(filled, now);
    if (options.signAssertion ?? true) {
      assertion = signElement(assertion, keys, "/*[local-name(.)='Assertion']");
    }
    if (options.wrapWithUnsignedAssertionFor) {
      const evil = assertionXml(
        {
          ...filled,
          assertionId: uniqueSamlId(),
          nameId: options.wrapWithUnsignedAssertionFor,
          attributes: { email: options.wrapWithUnsignedAssertionFor },
        },
        now,
      );
      assertion = evil + assertion;
    }
    const inResponseTo = options.inResponseTo ? ` InResponseTo="${escapeXml(options.inResponseTo)}"` : '';
    let xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"` +
      ` ID="${uniqueSamlId()}" Version="2.0" IssueInstant="${now.toISOString()}"` +
      ` Destination="${escapeXml(options.destination ?? options.acsUrl)}"${inResponseTo}>` +
      `<saml:Issuer>${escapeXml(filled.issuer)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      assertion +
      `</samlp:Response>`;
    if (options.signResponse) xml = signElement(xml, keys, "/*[local-name(.)='Response']");
    if (options.alterAfterSigning) {
      if (!xml.includes(options.alterAfterSigning.from)) throw new Error('alterAfterSigning: text not found');
      xml = xml.split(options.alterAfterSigning.from).join(options.alterAfterSigning.to);
    }
    return xml;
  }

  function buildMetadataXml(): string {
    const certificate = keys.certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    return (
      `<?xml version="1.0" encoding="UTF-8"?>` +
      `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeXml(entityId)}">` +
      `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
      `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">` +
      `<ds:X509Data><ds:X509Certificate>${certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
      `<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>` +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeXml(entryPoint)}/post"/>` +
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeXml(entryPoint)}"/>` +
      `</md:IDPSSODescriptor></md:EntityDescriptor>`
    );
  }

  return {
    ...keys,
    entityId,
    entryPoint,
    buildMetadataXml,
    buildResponseXml,
    buildResponse: (options) => Buffer.from(buildResponseXml(options), 'utf8').toString('base64'),
  };
}

export interface ReceivedAuthnRequest {
  id: string;
  issuer: string | undefined;
  acsUrl: string | undefined;
  destination: string | undefined;
  relayState: string | null;
  isSigned: boolean;
}

/**
 * What the IdP receives from our start redirect (HTTP-Redirect binding): the Location's
 * SAMLRequest, deflated and base64-encoded, decoded to the AuthnRequest's id and addresses.
 */
export function readAuthnRequest(location: string): ReceivedAuthnRequest {
  const url = new URL(location);
  const encoded = url.searchParams.get('SAMLRequest');
  if (!encoded) throw new Error(`no SAMLRequest in ${url.origin}${url.pathname}`);
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const request = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  if (!request || request.localName !== 'AuthnRequest') throw new Error('SAMLRequest is not an AuthnRequest');
  const id = request.getAttribute('ID');
  if (!id) throw new Error('AuthnRequest without ID');
  const issuer = request.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0];
  return {
    id,
    issuer: issuer?.textContent ?? undefined,
    acsUrl: request.getAttribute('AssertionConsumerServiceURL') ?? undefined,
    destination: request.getAttribute('Destination') ?? undefined,
    relayState: url.searchParams.get('RelayState'),
    isSigned: url.searchParams.has('Signature'),
  };
}
