import type { Db } from '../../database/connection.js';

// The self-test logs its run beside the orders' submissions, in the supplier module's integration log,
// and signs with the same outbound credentials as an order.
export { insertAbLog } from '../supplier/supplier.queries.js';
export { selectOutboundCredentials } from '../supplier/outbound-credentials.queries.js';

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
