import type { Db } from '../../database/connection.js';

/** A value sealed under SETTINGS_ENCRYPTION_KEY, with where it lives. */
export interface SealedSecret {
  table: 'punchout_settings' | 'mfa_totp_factors';
  column: 'shared_secret_encrypted' | 'secret_encrypted';
  where: Record<string, unknown>;
  sealed: string;
}

/** Every sealed secret, rows locked until the transaction ends so a concurrent save waits for the rotation. */
export async function selectSealedSecretsForUpdate(db: Db): Promise<SealedSecret[]> {
  const punchout = await db('punchout_settings')
    .whereNotNull('shared_secret_encrypted')
    .forUpdate()
    .select('id', 'shared_secret_encrypted');
  const factors = await db('mfa_totp_factors').forUpdate().select('user_id', 'secret_encrypted');
  return [
    ...punchout.map((row: { id: number; shared_secret_encrypted: string }) => ({
      table: 'punchout_settings' as const,
      column: 'shared_secret_encrypted' as const,
      where: { id: row.id },
      sealed: row.shared_secret_encrypted,
    })),
    ...factors.map((row: { user_id: string; secret_encrypted: string }) => ({
      table: 'mfa_totp_factors' as const,
      column: 'secret_encrypted' as const,
      where: { user_id: row.user_id },
      sealed: row.secret_encrypted,
    })),
  ];
}

export async function updateSealedSecret(db: Db, secret: SealedSecret, sealed: string): Promise<void> {
  await db(secret.table)
    .where(secret.where)
    .update({ [secret.column]: sealed });
}
