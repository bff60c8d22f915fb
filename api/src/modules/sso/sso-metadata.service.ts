import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

import { ssoMetadataImportSchema, type SsoMetadata } from '../../contracts/admin-sso.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { readIdpMetadata, type MetadataRefusal } from './sso-metadata.rules.js';

const FETCH_TIMEOUT_MS = 10_000;
/** Real IdP metadata is a few kilobytes; federation aggregates are not what this import is for. */
const MAX_METADATA_BYTES = 1_000_000;

const REFUSALS: Record<MetadataRefusal, string> = {
  not_xml: 'This is not XML. Upload the identity provider’s SAML 2.0 metadata (an .xml file).',
  doctype: 'This XML has a document type declaration (<!DOCTYPE>), which SAML metadata never has; it was not read.',
  not_metadata:
    'This XML is not SAML 2.0 metadata of an identity provider (no EntityDescriptor with an IDPSSODescriptor).',
  no_sso_service: 'The metadata names no http(s) single sign-on URL (SingleSignOnService, HTTP-Redirect or HTTP-POST).',
  no_signing_certificate: 'The metadata has no signing certificate (KeyDescriptor with an X509Certificate).',
};

function unreachable(detail: string): AppError {
  return new AppError(422, 'SSO_METADATA_UNREACHABLE', `The metadata URL could not be read: ${detail}.`);
}

/** Cloud instance metadata and other link-local services: never an IdP, and what a forged URL aims at. */
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');
const MAX_REDIRECTS = 3;

function isLinkLocal(address: string): boolean {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mappedIpv4) return LINK_LOCAL.check(mappedIpv4, 'ipv4');
  return LINK_LOCAL.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Each address the host names, checked before the request (and again at every redirect). */
async function checkHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((found) => found.address);
  } catch {
    throw unreachable('its host name cannot be resolved');
  }
  if (addresses.some(isLinkLocal)) {
    throw unreachable('its host is a link-local address, which no identity provider uses');
  }
}

/** The body as text, stopping once it is past the limit rather than reading all of it. */
async function readLimited(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The timeout also ends a body that arrives too slowly, after the headers came in time.
      throw unreachable('no complete answer within 10 seconds');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_METADATA_BYTES) {
      await reader.cancel();
      throw unreachable('it is larger than 1 MB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Metadata from the IdP's URL. Only http(s), redirects included (each hop checked); a timeout and a
 * size limit keep a slow or endless answer from holding the request. An admin names the URL: an IdP
 * on the hospital's own network (ADFS) is a normal case, so private addresses are not refused, but
 * link-local ones (a cloud's instance metadata) are.
 */
async function fetchMetadata(url: string): Promise<string> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let target = new URL(url);
  let response: Response | undefined;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (!/^https?:$/.test(target.protocol)) throw unreachable('it redirects to a non-http(s) address');
    await checkHost(target);
    try {
      response = await fetch(target, {
        headers: { Accept: 'application/samlmetadata+xml, application/xml, text/xml' },
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      const isTimeout = error instanceof Error && error.name === 'TimeoutError';
      throw unreachable(isTimeout ? 'no answer within 10 seconds' : 'the server cannot be reached');
    }
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (!location) break;
    await response.body?.cancel();
    target = new URL(location, target);
    response = undefined;
  }
  if (!response) throw unreachable(`it redirects more than ${MAX_REDIRECTS} times`);
  if (!response.ok) {
    await response.body?.cancel();
    throw unreachable(`the server answered ${response.status}`);
  }
  return readLimited(response);
}

/** What an IdP's metadata says, for the form to fill in; nothing is saved until the admin saves. */
export async function importIdpMetadata(ctx: ServiceContext, body: unknown): Promise<SsoMetadata> {
  const input = ssoMetadataImportSchema.parse(body);
  const xml = 'url' in input ? await fetchMetadata(input.url) : input.xml;
  const reading = readIdpMetadata(xml, ctx.now());
  if (!reading.ok) {
    const code = reading.reason === 'no_signing_certificate' ? 'SSO_METADATA_NO_SIGNING_CERT' : 'SSO_METADATA_INVALID';
    throw new AppError(422, code, REFUSALS[reading.reason]);
  }
  return reading.metadata;
}
