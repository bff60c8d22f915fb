import type { ReceiptRequest } from '../../contracts/fulfilment.js';
import type { Db } from '../../database/connection.js';

/** The order, locked for the rest of the transaction: receipts of one order are taken one at a time. */
export function selectOrderForReceipt(db: Db, orderId: string) {
  return db('orders')
    .where({ id: orderId })
    .forUpdate()
    .first<{ id: string; user_id: string; status: string } | undefined>('id', 'user_id', 'status');
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

/** The receipt, its lines and its timeline event, in the caller's transaction. */
export async function insertReceipt(
  db: Db,
  input: { orderId: string; receivedBy: string; receivedByLabel: string; lines: ReceiptRequest['lines']; now: Date },
): Promise<void> {
  const [receipt] = await db('order_receipts')
    .insert({
      order_id: input.orderId,
      received_by: input.receivedBy,
      received_by_label: input.receivedByLabel,
      created_at: input.now,
    })
    .returning<{ id: string }[]>('id');
  await db('order_receipt_lines').insert(
    input.lines.map((line) => ({
      receipt_id: receipt!.id,
      line_number: line.line_number,
      quantity: line.quantity,
      condition: line.condition,
      note: line.note || null,
      lot: line.lot || null,
      expiry_date: line.expiry_date ?? null,
    })),
  );
  await db('order_events').insert({
    order_id: input.orderId,
    event_type: 'received',
    actor_user_id: input.receivedBy,
    actor_label: input.receivedByLabel,
    occurred_at: input.now,
    details: JSON.stringify({
      lines: input.lines.map((line) => ({
        line_number: line.line_number,
        quantity: line.quantity,
        condition: line.condition,
        ...(line.note ? { note: line.note } : {}),
      })),
    }),
  });
}
