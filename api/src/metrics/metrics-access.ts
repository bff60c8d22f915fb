import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

import type { AppConfig } from '../config.js';

/**
 * Who may read the metrics: a connection from an address inside METRICS_ALLOWED_FROM, or a request
 * bearing METRICS_TOKEN. The route passes the socket's own peer, and no address at all for a
 * proxied request (metrics.routes.ts), so a forwarded header never counts.
 */
export function metricsAccess({ allowedFrom, token }: Pick<AppConfig['metrics'], 'allowedFrom' | 'token'>) {
  const allowed = new BlockList();
  for (const entry of allowedFrom) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  // Both sides hashed first: equal lengths for timingSafeEqual, and the token's length is not leaked either.
  const tokenDigest = token === undefined ? undefined : sha256(token);

  const isAllowedAddress = (address: string | undefined): boolean => {
    const family = isIP(address ?? '');
    // BlockList matches an IPv4-mapped IPv6 address (::ffff:127.0.0.1, a dual-stack socket's) against IPv4 rules.
    return family !== 0 && allowed.check(address as string, family === 6 ? 'ipv6' : 'ipv4');
  };
  const hasToken = (authorization: string | undefined): boolean => {
    const presented = /^Bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    return tokenDigest !== undefined && presented !== undefined && timingSafeEqual(sha256(presented), tokenDigest);
  };
  return (request: { address: string | undefined; authorization: string | undefined }): boolean =>
    isAllowedAddress(request.address) || hasToken(request.authorization);
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
