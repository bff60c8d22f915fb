import type { Db } from '../../database/connection.js';
import type { DecisionLine } from './line-rejections.rules.js';

/** The order's lines still ordered, and the ids of those already rejected (call under the order's lock). */
export async function selectLinesForDecision(
  db: Db,
  orderId: string,
): Promise<{ ordered: DecisionLine[]; rejectedIds: string[] }> {
  const ordered = await db('order_items')
    .where({ order_id: orderId })
    .orderBy('line_number')
    .select('id', 'line_number', 'title', 'quantity', db.raw('total_price::text AS total_price'));
  const rejected = await db('order_line_rejections').where({ order_id: orderId }).select('id');
  return { ordered: ordered as DecisionLine[], rejectedIds: (rejected as { id: string }[]).map((row) => row.id) };
}

/**
 * The rejected lines leave order_items for order_line_rejections with the decision, in one
 * statement; the order's total becomes its remaining lines' total (unless it is rejected whole).
 */
export async function moveLinesToRejections(
  db: Db,
  input: {
    orderId: string;
    lines: readonly { id: string; reason: string }[];
    level: number;
    rejectedBy: string | null;
    rejectedByLabel: string;
    now: Date;
    newTotal: string | null;
  },
): Promise<void> {
  await db.raw(
    `WITH decided AS (
       SELECT * FROM jsonb_to_recordset(CAST(:lines AS jsonb)) AS d (id uuid, reason text)
     ),
     moved AS (
       DELETE FROM order_items AS i USING decided AS d
        WHERE i.id = d.id AND i.order_id = :orderId
       RETURNING i.*, d.reason
     )
     INSERT INTO order_line_rejections (id, order_id, line_number, product_id, asin, sku, title, quantity,
                                        unit_price, total_price, level, reason, rejected_by, rejected_by_label,
                                        rejected_at)
     SELECT id, order_id, line_number, product_id, asin, sku, title, quantity, unit_price, total_price,
            :level, reason, CAST(:rejectedBy AS uuid), :rejectedByLabel, :now
       FROM moved`,
    {
      lines: JSON.stringify(input.lines.map((line) => ({ id: line.id, reason: line.reason }))),
      orderId: input.orderId,
      level: input.level,
      rejectedBy: input.rejectedBy,
      rejectedByLabel: input.rejectedByLabel,
      now: input.now,
    },
  );
  if (input.newTotal !== null) {
    await db('orders').where({ id: input.orderId }).update({ total_amount: input.newTotal, updated_at: input.now });
  }
}

/** The timeline event the requester's open pages hear of (order_events → NOTIFY order.updated). */
export async function insertLinesRejectedEvent(
  db: Db,
  input: { orderId: string; actorUserId: string | null; actorLabel: string; now: Date; details: object },
): Promise<void> {
  await db('order_events').insert({
    order_id: input.orderId,
    event_type: 'lines_rejected',
    actor_user_id: input.actorUserId,
    actor_label: input.actorLabel,
    occurred_at: input.now,
    details: JSON.stringify(input.details),
  });
}
