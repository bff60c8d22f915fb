import type { Db } from '../../database/connection.js';

export async function deleteExpiredAuthRecords(db: Db, now: Date) {
  const sessions = await db('sessions').where('expire', '<', now).delete();
  const resetTokens = await db('password_reset_tokens').where('expires_at', '<', now).delete();
  const samlAssertions = await db('saml_consumed_assertions').where('expires_at', '<', now).delete();
  return { sessions_deleted: sessions, reset_tokens_deleted: resetTokens, saml_assertions_deleted: samlAssertions };
}

/** Ends every session of an account (sign-in state lives in the session row's JSON). */
export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db('sessions').whereRaw(`sess->>'userId' = ?`, [userId]).delete();
}
