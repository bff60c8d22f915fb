import { MIN_SHELF_LIFE_DAYS_DEFAULT } from '../../contracts/admin-products.js';
import type { ReceiptRequest, ShortShelfLifeLine } from '../../contracts/fulfilment.js';
import type { Db } from '../../database/connection.js';
import * as batch from './fulfilment.queries.js';

/**
 * The order, locked for the rest of the transaction (FOR UPDATE, as the supplier's documents lock
 * it): receipts, confirmations and ship notices of one order are taken one at a time.
 */
export function selectOrderForReceipt(db: Db, orderId: string) {
  return db('orders')
    .where({ id: orderId })
    .forUpdate()
    .first<{ id: string; order_number: string; user_id: string; status: string } | undefined>(
      'id',
      'order_number',
      'user_id',
      'status',
    );
}

export async function selectOrderLines(db: Db, orderId: string): Promise<batch.OrderLineForFulfilment[]> {
  return (await batch.selectOrderLinesOf(db, [orderId])).map(({ order_id: _orderId, ...line }) => line);
}

export function selectConfirmationsInForce(db: Db, orderId: string): Promise<batch.ConfirmationRow[]> {
  return batch.selectCurrentConfirmationsOf(db, [orderId]);
}

export async function selectOrderedQuantities(db: Db, orderId: string): Promise<Map<number, number>> {
  const rows = await db('order_items').where({ order_id: orderId }).select('line_number', 'quantity');
  return new Map(rows.map((row: { line_number: number; quantity: number }) => [row.line_number, row.quantity]));
}

export async function selectReceivedQuantities(db: Db, orderId: string): Promise<Map<number, number>> {
  const rows = await db('order_receipt_lines as l')
    .join('order_receipts as r', 'r.id', 'l.receipt_id')
    .where('r.order_id', orderId)
    .groupBy('l.line_number')
    .select('l.line_number', db.raw('sum(l.quantity)::int AS quantity'));
  return new Map(rows.map((row: { line_number: number; quantity: number }) => [row.line_number, row.quantity]));
}

/**
 * Per order line, the title ordered and its product's minimum remaining shelf life; a line whose
 * product has since been deleted keeps the default (the order snapshot has no setting of its own).
 */
export async function selectLineShelfLives(
  db: Db,
  orderId: string,
): Promise<Map<number, { title: string; min_shelf_life_days: number }>> {
  const rows: { line_number: number; title: string; min_shelf_life_days: number }[] = await db('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .where('i.order_id', orderId)
    .select(
      'i.line_number',
      'i.title',
      db.raw('coalesce(p.min_shelf_life_days, ?)::int AS min_shelf_life_days', [MIN_SHELF_LIFE_DAYS_DEFAULT]),
    );
  return new Map(rows.map(({ line_number, ...rest }) => [line_number, rest]));
}

/** The company's time zone, as budgets and reports read it (its today is the receipt date). */
export async function selectCompanyTimezone(db: Db): Promise<string> {
  const { rows } = await db.raw<{ rows: { timezone: string }[] }>('SELECT report_company_timezone() AS timezone');
  return rows[0]?.timezone ?? 'UTC';
}

/**
 * The receipt, its lines and its timeline event, in the caller's transaction. Short-dated lines
 * (by their index in `lines`, accepted on confirmation) are marked, and the event names them.
 */
export async function insertReceipt(
  db: Db,
  input: {
    orderId: string;
    receivedBy: string;
    receivedByLabel: string;
    lines: ReceiptRequest['lines'];
    shortShelfLife: readonly ShortShelfLifeLine[];
    now: Date;
  },
): Promise<void> {
  const shortByIndex = new Map(input.shortShelfLife.map((line) => [line.index, line]));
  const [receipt] = await db('order_receipts')
    .insert({
      order_id: input.orderId,
      received_by: input.receivedBy,
      received_by_label: input.receivedByLabel,
      created_at: input.now,
    })
    .returning<{ id: string }[]>('id');
  await db('order_receipt_lines').insert(
    input.lines.map((line, index) => ({
      receipt_id: receipt!.id,
      line_number: line.line_number,
      quantity: line.quantity,
      condition: line.condition,
      note: line.note || null,
      lot: line.lot || null,
      expiry_date: line.expiry_date ?? null,
      short_shelf_life: shortByIndex.has(index),
    })),
  );
  await db('order_events').insert({
    order_id: input.orderId,
    event_type: 'received',
    actor_user_id: input.receivedBy,
    actor_label: input.receivedByLabel,
    occurred_at: input.now,
    details: JSON.stringify({
      lines: input.lines.map((line, index) => {
        const short = shortByIndex.get(index);
        return {
          line_number: line.line_number,
          quantity: line.quantity,
          condition: line.condition,
          ...(line.note ? { note: line.note } : {}),
          ...(short
            ? {
                lot: short.lot,
                expiry_date: short.expiry_date,
                days_remaining: short.days_remaining,
                short_shelf_life: true,
              }
            : {}),
        };
      }),
      ...(shortByIndex.size > 0 ? { short_shelf_life_accepted: true } : {}),
    }),
  });
}
