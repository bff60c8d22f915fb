import { X509Certificate } from 'node:crypto';

import type { CertificateDetails } from '../../contracts/admin-sso.js';

/** The base64 body of a certificate (metadata's ds:X509Certificate) as PEM text, 64 characters a line. */
export function pemFromBase64(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Only the PEM block itself, so text around it (openssl's "subject=" lines) is not kept. */
function certificateBlock(pem: string): string | undefined {
  return /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem)?.[0];
}

/**
 * What a page shows of a certificate (subject, issuer, validity, fingerprint), or undefined when the
 * text is not one PEM X.509 certificate.
 */
export function describeCertificate(pem: string, now: Date): CertificateDetails | undefined {
  const block = certificateBlock(pem);
  if (!block) return undefined;
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(block);
  } catch {
    return undefined;
  }
  const notAfter = new Date(certificate.validTo);
  return {
    pem: `${block}\n`,
    subject: certificate.subject.replace(/\n/g, ', '),
    issuer: certificate.issuer.replace(/\n/g, ', '),
    not_before: new Date(certificate.validFrom).toISOString(),
    not_after: notAfter.toISOString(),
    fingerprint_sha256: certificate.fingerprint256,
    is_expired: notAfter.getTime() <= now.getTime(),
  };
}
