import type { Db } from '../../database/connection.js';

/** A value sealed under SETTINGS_ENCRYPTION_KEY, with where it lives. */
export interface SealedSecret {
  table: 'punchout_settings' | 'mfa_totp_factors';
  column: 'shared_secret_encrypted' | 'inbound_shared_secret_encrypted' | 'secret_encrypted';
  where: Record<string, unknown>;
  sealed: string;
}

/** Every sealed secret, rows locked until the transaction ends so a concurrent save waits for the rotation. */
export async function selectSealedSecretsForUpdate(db: Db): Promise<SealedSecret[]> {
  const punchout = await db('punchout_settings')
    .forUpdate()
    .select<{ id: number; shared_secret_encrypted: string | null; inbound_shared_secret_encrypted: string | null }[]>(
      'id',
      'shared_secret_encrypted',
      'inbound_shared_secret_encrypted',
    );
  const factors = await db('mfa_totp_factors').forUpdate().select('user_id', 'secret_encrypted');
  return [
    // The outbound secret (portal → supplier) and the inbound one (supplier → portal).
    ...punchout.flatMap((row) =>
      (['shared_secret_encrypted', 'inbound_shared_secret_encrypted'] as const).flatMap((column) => {
        const sealed = row[column];
        return sealed ? [{ table: 'punchout_settings' as const, column, where: { id: row.id }, sealed }] : [];
      }),
    ),
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
