import type { Db } from '../../database/connection.js';

export interface TotpFactorRow {
  user_id: string;
  secret_encrypted: string;
  recovery_code_hashes: string[];
  confirmed_at: Date | null;
  last_used_step: number | null;
}

export function selectTotpFactor(db: Db, userId: string): Promise<TotpFactorRow | undefined> {
  return db('mfa_totp_factors').where({ user_id: userId }).first();
}

export async function upsertPendingFactor(db: Db, userId: string, secretEncrypted: string, now: Date): Promise<void> {
  await db('mfa_totp_factors')
    .insert({
      user_id: userId,
      secret_encrypted: secretEncrypted,
      recovery_code_hashes: [],
      confirmed_at: null,
      created_at: now,
    })
    .onConflict('user_id')
    .merge({
      secret_encrypted: secretEncrypted,
      recovery_code_hashes: [],
      confirmed_at: null,
      last_used_step: null,
      created_at: now,
    });
}

export function confirmFactor(db: Db, userId: string, recoveryHashes: string[], step: number, now: Date) {
  return db('mfa_totp_factors')
    .where({ user_id: userId })
    .update({ confirmed_at: now, recovery_code_hashes: recoveryHashes, last_used_step: step });
}

/** Records the accepted step only if it is newer than the last one: a code is good once. */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const updated = await db('mfa_totp_factors')
    .where({ user_id: userId })
    .andWhere((query) => query.whereNull('last_used_step').orWhere('last_used_step', '<', step))
    .update({ last_used_step: step });
  return updated === 1;
}

/** Removes one recovery code given its possible hashes; true when it was there (each code works once). */
export async function consumeRecoveryCode(db: Db, userId: string, codeHashes: string[]): Promise<boolean> {
  const updated = await db('mfa_totp_factors')
    .where({ user_id: userId })
    .whereRaw('recovery_code_hashes && ?::text[]', [codeHashes])
    .update({
      recovery_code_hashes: db.raw(
        'ARRAY(SELECT h FROM unnest(recovery_code_hashes) AS h WHERE NOT (h = ANY(?::text[])))',
        [codeHashes],
      ),
    });
  return updated === 1;
}

export function deleteFactor(db: Db, userId: string) {
  return db('mfa_totp_factors').where({ user_id: userId }).delete();
}
