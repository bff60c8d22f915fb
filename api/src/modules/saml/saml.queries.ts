import type { Db } from '../../database/connection.js';

// SAML signs in through the providers the sso module stores.
export {
  selectDepartment,
  selectSsoProvider,
  selectSsoProviderSettings,
  type SsoProviderRow,
  type SsoProviderSettingsRow,
} from '../sso/sso-providers.queries.js';

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

export async function deleteSamlTestSignInsStartedBefore(db: Db, startedBefore: Date): Promise<number> {
  return db('saml_test_sign_ins').where('created_at', '<', startedBefore).delete();
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

export interface SamlTestSignInRow {
  id: string;
  provider_id: string;
  request_id: string;
  admin_user_id: string;
  admin_session_id: string;
  result: unknown;
  created_at: Date;
  completed_at: Date | null;
}

export async function insertSamlTestSignIn(
  db: Db,
  row: Pick<SamlTestSignInRow, 'id' | 'provider_id' | 'request_id' | 'admin_user_id' | 'admin_session_id'>,
  now: Date,
): Promise<void> {
  await db('saml_test_sign_ins').insert({ ...row, created_at: now });
}

export function selectSamlTestSignInByRequest(
  db: Db,
  providerId: string,
  requestId: string,
): Promise<SamlTestSignInRow | undefined> {
  return db('saml_test_sign_ins').where({ provider_id: providerId, request_id: requestId }).first();
}

/** Stores the IdP's answer once; false when the test had its answer already. */
export async function completeSamlTestSignIn(db: Db, id: string, result: unknown, now: Date): Promise<boolean> {
  const updated = await db('saml_test_sign_ins')
    .where({ id })
    .whereNull('completed_at')
    .update({ result: JSON.stringify(result), completed_at: now });
  return updated === 1;
}

export function selectSamlTestSignIn(
  db: Db,
  owner: { id: string; adminUserId: string; adminSessionId: string },
): Promise<SamlTestSignInRow | undefined> {
  return db('saml_test_sign_ins')
    .where({
      id: owner.id,
      admin_user_id: owner.adminUserId,
      admin_session_id: owner.adminSessionId,
    })
    .first();
}
