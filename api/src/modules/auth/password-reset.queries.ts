import type { Db } from '../../database/connection.js';

/**
 * Locks the account row first (of two requests at once, the later waits, then its own statement
 * sees and ends the earlier's link), then ends its unused links and stores the new one.
 * An unknown account stores nothing (same work, so the answer takes the same time).
 */
export async function issueResetToken(db: Db, userId: string, tokenHash: string, now: Date, expiresAt: Date) {
  await db('users').where({ id: userId }).forUpdate().first('id');
  await db.raw(
    `WITH account AS (SELECT id FROM users WHERE id = :userId),
          ended AS (UPDATE password_reset_tokens SET used_at = :now
                    WHERE user_id IN (SELECT id FROM account) AND used_at IS NULL)
     INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, created_at)
     SELECT id, :tokenHash, :expiresAt, :now FROM account`,
    { userId, tokenHash, now, expiresAt },
  );
}

/** The account of an unused, unexpired reset token, or undefined. */
export function selectUsableTokenHolder(db: Db, tokenHash: string, now: Date) {
  return db('password_reset_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .leftJoin('profiles as p', 'p.user_id', 't.user_id')
    .where({ 't.token_hash': tokenHash })
    .whereNull('t.used_at')
    .where('t.expires_at', '>', now)
    .first<{ email: string; first_name: string | null; last_name: string | null } | undefined>(
      'u.email',
      'p.first_name',
      'p.last_name',
    );
}

/** Spends the token once; the account's id, or undefined when it was used or expired meanwhile. */
export async function claimResetToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const claimed = await db('password_reset_tokens')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .update({ used_at: now })
    .returning<{ user_id: string }[]>('user_id');
  return claimed[0]?.user_id;
}
