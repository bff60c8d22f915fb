import type { SsoMetadata } from '../../contracts/admin-sso.js';
import { parseStrictXml } from '../../xml/strict-xml.js';
import { describeCertificate, pemFromBase64 } from './sso-certificates.rules.js';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const SIGNATURE_NS = 'http://www.w3.org/2000/09/xmldsig#';
const BINDINGS = {
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
} as const;

export type MetadataRefusal = 'not_xml' | 'doctype' | 'not_metadata' | 'no_sso_service' | 'no_signing_certificate';
export type MetadataReading = { ok: true; metadata: SsoMetadata } | { ok: false; reason: MetadataRefusal };

function descendants(parent: Element | Document, namespace: string, localName: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(namespace, localName) as unknown as ArrayLike<Element>);
}

function children(parent: Element, namespace: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.namespaceURI === namespace && element.localName === localName) {
      found.push(element);
    }
  }
  return found;
}

/**
 * The identity provider an IdP's SAML 2.0 metadata describes: its entity id, the single sign-on URL
 * (HTTP-Redirect preferred, as our AuthnRequest uses it, else HTTP-POST) and its signing
 * certificates (KeyDescriptor use="signing" or without use). An EntitiesDescriptor is read for its
 * first entity with an IdP role.
 */
export function readIdpMetadata(xml: string, now: Date): MetadataReading {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, reason: 'doctype' };
  const doc = parseStrictXml(xml);
  if (!doc) return { ok: false, reason: 'not_xml' };
  const root = doc.documentElement;
  if (root.namespaceURI !== METADATA_NS || !['EntityDescriptor', 'EntitiesDescriptor'].includes(root.localName)) {
    return { ok: false, reason: 'not_metadata' };
  }
  const entity = [root, ...descendants(root, METADATA_NS, 'EntityDescriptor')].find(
    (candidate) =>
      candidate.localName === 'EntityDescriptor' && children(candidate, METADATA_NS, 'IDPSSODescriptor')[0],
  );
  const entityId = entity?.getAttribute('entityID')?.trim();
  const idp = entity ? children(entity, METADATA_NS, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !idp || !entityId) return { ok: false, reason: 'not_metadata' };

  const services = children(idp, METADATA_NS, 'SingleSignOnService');
  const serviceFor = (binding: string) =>
    services
      .find((service) => service.getAttribute('Binding') === binding)
      ?.getAttribute('Location')
      ?.trim();
  const redirect = serviceFor(BINDINGS.redirect);
  const post = serviceFor(BINDINGS.post);
  const entryPoint = redirect ?? post;
  if (!entryPoint || !/^https?:\/\//.test(entryPoint)) return { ok: false, reason: 'no_sso_service' };

  const certificates = children(idp, METADATA_NS, 'KeyDescriptor')
    .filter((key) => !key.hasAttribute('use') || key.getAttribute('use') === 'signing')
    .flatMap((key) => descendants(key, SIGNATURE_NS, 'X509Certificate'))
    .map((element) => describeCertificate(pemFromBase64(element.textContent ?? ''), now))
    .filter((details) => details !== undefined)
    .filter(
      (details, index, all) => all.findIndex((d) => d.fingerprint_sha256 === details.fingerprint_sha256) === index,
    );
  if (certificates.length === 0) return { ok: false, reason: 'no_signing_certificate' };

  return {
    ok: true,
    metadata: {
      entity_id: entityId,
      entry_point: entryPoint,
      entry_point_binding: redirect ? 'redirect' : 'post',
      certificates,
    },
  };
}
