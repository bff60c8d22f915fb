import { describe, expect, it } from '@jest/globals';

import { createTestIdp, generateTestIdpKeys } from '../../test-support/saml-test-idp.js';
import { describeCertificate, pemFromBase64 } from './sso-certificates.rules.js';
import { readIdpMetadata } from './sso-metadata.rules.js';

const NOW = new Date();
const idp = createTestIdp('metadata-rules');
const base64Of = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');

describe('readIdpMetadata', () => {
  it('reads the entity id, the HTTP-Redirect single sign-on URL and the signing certificate', () => {
    const reading = readIdpMetadata(idp.buildMetadataXml(), NOW);
    expect(reading).toMatchObject({
      ok: true,
      metadata: { entity_id: idp.entityId, entry_point: idp.entryPoint, entry_point_binding: 'redirect' },
    });
    if (!reading.ok) return;
    expect(reading.metadata.certificates).toHaveLength(1);
    expect(reading.metadata.certificates[0]).toMatchObject({ subject: 'CN=Supply Hub test IdP', is_expired: false });
  });

  it('takes HTTP-POST when it is the only binding, and the first IdP of an EntitiesDescriptor', () => {
    const onlyPost = idp.buildMetadataXml().replace(/<md:SingleSignOnService Binding="[^"]*HTTP-Redirect"[^>]*\/>/, '');
    const aggregate = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${onlyPost.replace(/^<\?xml[^>]*>/, '')}</md:EntitiesDescriptor>`;
    expect(readIdpMetadata(aggregate, NOW)).toMatchObject({
      ok: true,
      metadata: { entry_point: `${idp.entryPoint}/post`, entry_point_binding: 'post' },
    });
  });

  it('keeps both certificates of a rotation and leaves out encryption keys', () => {
    const next = generateTestIdpKeys('Supply Hub next IdP');
    const encryption = generateTestIdpKeys('Supply Hub encryption');
    const keyDescriptor = (use: string, pem: string) =>
      `<md:KeyDescriptor use="${use}"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${base64Of(pem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
    const xml = idp
      .buildMetadataXml()
      .replace(
        '<md:NameIDFormat>',
        keyDescriptor('signing', next.certificatePem) +
          keyDescriptor('encryption', encryption.certificatePem) +
          '<md:NameIDFormat>',
      );
    const reading = readIdpMetadata(xml, NOW);
    expect(reading.ok && reading.metadata.certificates.map((c) => c.subject)).toEqual([
      'CN=Supply Hub test IdP',
      'CN=Supply Hub next IdP',
    ]);
  });

  it.each([
    [
      'a document type declaration (entity expansion)',
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="&lol;"/>`,
      'doctype',
    ],
    ['an external entity', `<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>`, 'doctype'],
    ['text that is not XML', 'this is not xml', 'not_xml'],
    ['XML that is not metadata', '<html><body>Sign in</body></html>', 'not_metadata'],
    [
      'an SP’s metadata',
      `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="sp"><md:SPSSODescriptor/></md:EntityDescriptor>`,
      'not_metadata',
    ],
  ])('refuses %s', (_label, xml, reason) => {
    expect(readIdpMetadata(xml, NOW)).toEqual({ ok: false, reason });
  });

  it('refuses metadata without a single sign-on URL or without a signing certificate', () => {
    const noService = idp.buildMetadataXml().replace(/<md:SingleSignOnService[^>]*\/>/g, '');
    expect(readIdpMetadata(noService, NOW)).toEqual({ ok: false, reason: 'no_sso_service' });
    const noCertificate = idp.buildMetadataXml().replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '');
    expect(readIdpMetadata(noCertificate, NOW)).toEqual({ ok: false, reason: 'no_signing_certificate' });
  });
});

describe('describeCertificate', () => {
  it('shows subject, issuer, validity and fingerprint, and keeps only the PEM block', () => {
    const details = describeCertificate(`subject=CN=x\n${idp.certificatePem}`, NOW);
    expect(details).toMatchObject({ subject: 'CN=Supply Hub test IdP', issuer: 'CN=Supply Hub test IdP' });
    expect(details?.pem.startsWith('-----BEGIN CERTIFICATE-----')).toBe(true);
    expect(details?.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(details?.not_after ?? '')).toBeGreaterThan(NOW.getTime());
  });

  it('marks an expired certificate and refuses text that is not a certificate', () => {
    expect(describeCertificate(idp.certificatePem, new Date(NOW.getTime() + 10 * 86_400_000))?.is_expired).toBe(true);
    expect(describeCertificate('not a certificate', NOW)).toBeUndefined();
    expect(describeCertificate(pemFromBase64('AAAA'), NOW)).toBeUndefined();
  });
});
