import type { Db } from '../../database/connection.js';

export interface PunchoutSettingsRow {
  punchout_url: string | null;
  test_punchout_url: string | null;
  identity: string | null;
  shared_secret_encrypted: string | null;
  test_mode: boolean;
  /** Null: the SUPPLIER_IDENTITY default. */
  supplier_identity: string | null;
}

export function selectPunchoutSettingsRow(db: Db): Promise<PunchoutSettingsRow | undefined> {
  return db('punchout_settings')
    .where({ id: 1 })
    .first(
      'punchout_url',
      'test_punchout_url',
      'identity',
      'shared_secret_encrypted',
      'test_mode',
      'supplier_identity',
    );
}

// The self-test logs its run beside the orders' submissions, in the supplier module's integration log.
export { insertAbLog } from '../supplier/supplier.queries.js';

/** A value kept in app_kv (JSON), or undefined. */
export async function selectKeptValue<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db('app_kv').where({ key }).first('value');
  return row?.value as T | undefined;
}

export async function upsertKeptValue(db: Db, key: string, value: unknown, now: Date): Promise<void> {
  await db('app_kv')
    .insert({ key, value: JSON.stringify(value), updated_at: now })
    .onConflict('key')
    .merge(['value', 'updated_at']);
}
