import type { CacheProvider } from '@node-saml/passport-saml';

import type { Db } from '../../database/connection.js';
import * as queries from './saml.queries.js';

/** A database failure under node-saml: answered as a server error, never as a refused response. */
export class SamlStoreError extends Error {
  constructor(readonly failure: unknown) {
    super('SAML request store unavailable');
    this.name = 'SamlStoreError';
  }
}

export function requestCacheKey(providerId: string, requestId: string): string {
  return `${providerId}:${requestId}`;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new SamlStoreError(error);
  }
}

/**
 * node-saml's InResponseTo cache in PostgreSQL (saml_request_ids), so whichever instance receives
 * the response knows the request. Ids count for `maxAgeMs` after issue.
 *
 * removeAsync keeps the row on purpose: node-saml calls it mid-validation and on every failure, so a
 * forged post naming a user's request id would cancel that sign-in, and concurrent replays of one
 * response would be told "unknown request" instead of "replay". The id is deleted instead by the
 * service, in the transaction that consumes the assertion (see consumeAssertion).
 */
export function createSamlRequestCache(
  db: Db,
  providerId: string,
  options: { now: () => Date; maxAgeMs: number },
): CacheProvider {
  return {
    saveAsync: (requestId, value) =>
      guarded(async () => {
        const now = options.now();
        await queries.insertSamlRequestId(db, requestCacheKey(providerId, requestId), value, now);
        return { value, createdAt: now.getTime() };
      }),
    getAsync: (requestId) =>
      guarded(async () => {
        const issuedAfter = new Date(options.now().getTime() - options.maxAgeMs);
        return (await queries.selectSamlRequestId(db, requestCacheKey(providerId, requestId), issuedAfter)) ?? null;
      }),
    removeAsync: async () => null,
  };
}
