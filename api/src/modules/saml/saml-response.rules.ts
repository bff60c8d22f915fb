import { parseStrictXml } from '../../xml/strict-xml.js';

/**
 * What node-saml 5 leaves to us: the Response's Destination, the bearer SubjectConfirmationData's
 * Recipient and NotOnOrAfter (it checks those times only when it validates InResponseTo), the
 * issuer, and the assertion id the replay check keys on. Read with @xmldom/xmldom, which never
 * loads external entities; a document type declaration is refused outright, as no SAML message has one.
 */
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/** The posted SAMLResponse as XML text, or undefined when it cannot be a SAML message. */
export function decodeSamlResponse(encoded: string): string | undefined {
  const xml = Buffer.from(encoded, 'base64').toString('utf8');
  if (!xml.includes('<') || /<!DOCTYPE|<!ENTITY/i.test(xml)) return undefined;
  return xml;
}

function childrenOf(parent: Element, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.namespaceURI === namespace && element.localName === localName) {
      found.push(element);
    }
  }
  return found;
}

function attributeOf(element: Element | undefined, name: string): string | undefined {
  return element?.hasAttribute(name) ? (element.getAttribute(name) ?? undefined) : undefined;
}

function timeOf(element: Element | undefined, name: string): number | undefined {
  const value = attributeOf(element, name);
  const ms = value === undefined ? NaN : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

export interface ResponseEnvelope {
  destination?: string;
  issuer?: string;
  /** Ids of the top-level assertions as posted (unverified): used only to name a refusal. */
  assertionIds: string[];
  /** The request it answers, as posted (unverified): used only to report a refused test sign-in. */
  inResponseTo?: string;
}

/** The samlp:Response envelope as posted; its fields are trusted only as far as its signature goes. */
export function readResponseEnvelope(xml: string): ResponseEnvelope | undefined {
  const root = parseStrictXml(xml)?.documentElement;
  if (!root || root.namespaceURI !== PROTOCOL_NS || root.localName !== 'Response') return undefined;
  return {
    destination: attributeOf(root, 'Destination'),
    inResponseTo: attributeOf(root, 'InResponseTo'),
    issuer: childrenOf(root, ASSERTION_NS, 'Issuer')[0]?.textContent?.trim(),
    assertionIds: childrenOf(root, ASSERTION_NS, 'Assertion')
      .map((assertion) => attributeOf(assertion, 'ID'))
      .filter((id): id is string => Boolean(id)),
  };
}

interface BearerConfirmation {
  recipient?: string;
  notBefore?: number;
  notOnOrAfter?: number;
}

export interface AssertionFacts {
  id: string;
  issuer?: string;
  confirmations: BearerConfirmation[];
  conditionsNotOnOrAfter?: number;
}

/** Facts of the assertion node-saml verified (its signed bytes, not the posted document). */
export function readAssertionFacts(assertionXml: string): AssertionFacts | undefined {
  const assertion = parseStrictXml(assertionXml)?.documentElement;
  if (!assertion || assertion.namespaceURI !== ASSERTION_NS || assertion.localName !== 'Assertion') return undefined;
  const id = attributeOf(assertion, 'ID');
  if (!id) return undefined;
  const subject = childrenOf(assertion, ASSERTION_NS, 'Subject')[0];
  const confirmations = subject
    ? childrenOf(subject, ASSERTION_NS, 'SubjectConfirmation')
        .filter((confirmation) => attributeOf(confirmation, 'Method') === BEARER)
        .map((confirmation) => {
          const data = childrenOf(confirmation, ASSERTION_NS, 'SubjectConfirmationData')[0];
          return {
            recipient: attributeOf(data, 'Recipient'),
            notBefore: timeOf(data, 'NotBefore'),
            notOnOrAfter: timeOf(data, 'NotOnOrAfter'),
          };
        })
    : [];
  return {
    id,
    issuer: childrenOf(assertion, ASSERTION_NS, 'Issuer')[0]?.textContent?.trim(),
    confirmations,
    conditionsNotOnOrAfter: timeOf(childrenOf(assertion, ASSERTION_NS, 'Conditions')[0], 'NotOnOrAfter'),
  };
}

export type DeliveryCheck =
  { ok: true; assertionId: string; expiresAt: Date } | { ok: false; reason: 'issuer' | 'destination' | 'expired' };

/**
 * The Web SSO profile's delivery rules: the IdP's issuer on the assertion (and on the envelope when
 * present), the Response's Destination equal to our ACS URL, and a bearer confirmation whose
 * Recipient is our ACS URL and which is still valid. The replay record lives until the last of
 * the assertion's NotOnOrAfter times (plus skew): after that, the assertion is refused as expired.
 */
export function checkDelivery(input: {
  envelope: ResponseEnvelope;
  assertion: AssertionFacts;
  idpEntityId: string;
  acsUrl: string;
  nowMs: number;
  skewMs: number;
}): DeliveryCheck {
  const { envelope, assertion, acsUrl, nowMs, skewMs } = input;
  if (assertion.issuer !== input.idpEntityId) return { ok: false, reason: 'issuer' };
  if (envelope.issuer !== undefined && envelope.issuer !== input.idpEntityId) return { ok: false, reason: 'issuer' };
  if (envelope.destination !== acsUrl) return { ok: false, reason: 'destination' };
  const addressed = assertion.confirmations.filter((confirmation) => confirmation.recipient === acsUrl);
  if (addressed.length === 0) return { ok: false, reason: 'destination' };
  const valid = addressed.filter(
    (confirmation) =>
      confirmation.notOnOrAfter !== undefined &&
      nowMs - skewMs < confirmation.notOnOrAfter &&
      (confirmation.notBefore === undefined || nowMs + skewMs >= confirmation.notBefore),
  );
  if (valid.length === 0) return { ok: false, reason: 'expired' };
  const lastValidMs = Math.max(
    ...valid.map((confirmation) => confirmation.notOnOrAfter ?? 0),
    assertion.conditionsNotOnOrAfter ?? 0,
  );
  return { ok: true, assertionId: assertion.id, expiresAt: new Date(lastValidMs + skewMs) };
}
