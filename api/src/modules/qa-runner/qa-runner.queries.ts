import type { QaRunResult } from '../../contracts/qa-runner.js';
import type { Db } from '../../database/connection.js';
import { selectRoles, selectUserByEmail } from '../users/users.queries.js';

const QA_RESULT_KEY = 'qa_runner_last_result';

/** The account a QA order is placed for, with its roles (the order path checks them). */
export async function selectRequester(
  db: Db,
  email: string,
): Promise<{ id: string; email: string; roles: Awaited<ReturnType<typeof selectRoles>> } | undefined> {
  const user = await selectUserByEmail(db, email);
  return user ? { id: user.id, email: user.email, roles: await selectRoles(db, user.id) } : undefined;
}

/** The first active, priced product by title: what a QA order buys. */
export async function selectQaProductAsin(db: Db): Promise<string | undefined> {
  const product = await db('products').where({ active: true }).whereNotNull('price').orderBy('title').first('asin');
  return product?.asin;
}

export function deleteQaOrdersOf(db: Db, adminId: string): Promise<{ id: string; order_number: string }[]> {
  return db('orders')
    .where({ is_qa: true, qa_run_by: adminId })
    .delete()
    .returning<{ id: string; order_number: string }[]>(['id', 'order_number']);
}

export async function selectQaResult(db: Db): Promise<QaRunResult | null> {
  const row = await db('app_kv').where({ key: QA_RESULT_KEY }).first('value');
  return (row?.value as QaRunResult | undefined) ?? null;
}

export async function upsertQaResult(db: Db, result: QaRunResult, now: Date): Promise<void> {
  await db('app_kv')
    .insert({ key: QA_RESULT_KEY, value: JSON.stringify(result), updated_at: now })
    .onConflict('key')
    .merge(['value', 'updated_at']);
}
