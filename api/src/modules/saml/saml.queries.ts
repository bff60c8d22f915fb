import type { Db } from '../../database/connection.js';

// SAML signs in through the providers the sso module stores.
export { selectSsoProvider, type SsoProviderRow } from '../sso/sso-providers.queries.js';

/** AuthnRequest ids we issued (saml_request_ids), keyed per provider so one IdP cannot answer another's request. */
export async function insertSamlRequestId(db: Db, key: string, value: string, now: Date): Promise<void> {
  await db('saml_request_ids').insert({ request_id: key, value, created_at: now });
}

/** The stored value of a request id issued after `issuedAfter`; older ones no longer count. */
export async function selectSamlRequestId(db: Db, key: string, issuedAfter: Date): Promise<string | undefined> {
  const row = await db('saml_request_ids')
    .where({ request_id: key })
    .andWhere('created_at', '>', issuedAfter)
    .first<{ value: string } | undefined>('value');
  return row?.value;
}

export async function deleteSamlRequestId(db: Db, key: string): Promise<void> {
  await db('saml_request_ids').where({ request_id: key }).delete();
}

export async function deleteExpiredSamlRequestIds(db: Db, issuedBefore: Date): Promise<number> {
  return db('saml_request_ids').where('created_at', '<', issuedBefore).delete();
}

/**
 * Records an assertion id as used. The primary key makes it atomic across instances: false means
 * another request (here or on any instance) consumed it first, which is a replay.
 */
export async function insertConsumedAssertion(
  db: Db,
  assertion: { assertionId: string; providerId: string; expiresAt: Date },
): Promise<boolean> {
  const inserted = await db('saml_consumed_assertions')
    .insert({
      assertion_id: assertion.assertionId,
      provider_id: assertion.providerId,
      expires_at: assertion.expiresAt,
    })
    .onConflict('assertion_id')
    .ignore()
    .returning('assertion_id');
  return inserted.length === 1;
}

export async function isAssertionConsumed(db: Db, assertionIds: readonly string[]): Promise<boolean> {
  if (assertionIds.length === 0) return false;
  const row = await db('saml_consumed_assertions').whereIn('assertion_id', assertionIds).first('assertion_id');
  return row !== undefined;
}
