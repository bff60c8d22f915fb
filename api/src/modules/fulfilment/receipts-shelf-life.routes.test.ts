import { describe, expect, it } from '@jest/globals';

import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import { localDate } from '../standing-orders/standing-order-schedule.rules.js';
import { buildShipNoticeRequestXml } from '../supplier/cxml/cxml-supplier-documents.js';

/** A lot that expires within its item's minimum remaining shelf life needs a confirmation. */
const testbed = useFulfilmentTestbed();

/** The company's today, as the receipt check reads it, and a date `count` days from it. */
async function companyToday(): Promise<string> {
  const { rows } = await testbed.database.db.raw<{ rows: { timezone: string }[] }>(
    'SELECT report_company_timezone() AS timezone',
  );
  return localDate(new Date(), rows[0]!.timezone);
}
function addDays(date: string, count: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** The supplier ships every line with a lot and expiry date, as a ship notice's Batch elements carry them. */
async function shipWithLots(
  order: SentOrder,
  items: { lineNumber: number; quantity: number; lot: string; expiry: string }[],
) {
  const now = new Date();
  const answer = await testbed.postDocument(
    buildShipNoticeRequestXml(testbed.supplierHeader(now), {
      shipmentId: `S-${order.order_number}`,
      noticeDate: now,
      shipmentDate: now,
      deliveryDate: now,
      portions: [
        {
          order: { orderId: order.order_number, payloadId: order.payload_id },
          items: items.map((item) => ({
            lineNumber: item.lineNumber,
            quantity: item.quantity,
            lot: item.lot,
            expiryDate: new Date(`${item.expiry}T00:00:00Z`),
          })),
        },
      ],
    }),
  );
  expect(answer.status).toBe(200);
}

/** The receive form's lines: each line's quantity with the lot and expiry the ship notice pre-fills. */
async function prefilledLines(order: SentOrder) {
  const detail = await order.requester.agent.get(`/api/orders/${order.id}`).expect(200);
  return (
    detail.body.fulfilment.lines as {
      line_number: number;
      ordered: number;
      lots: { lot: string; expiry_date: string }[];
    }[]
  ).map((line) => ({
    line_number: line.line_number,
    quantity: line.ordered,
    lot: line.lots[0]!.lot,
    expiry_date: line.lots[0]!.expiry_date,
  }));
}

async function setMinShelfLife(order: SentOrder, lineNumber: number, days: number) {
  const db = testbed.database.db;
  const item = await db('order_items').where({ order_id: order.id, line_number: lineNumber }).first('product_id');
  await db('products').where({ id: item.product_id }).update({ min_shelf_life_days: days });
}

const written = async (orderId: string) => {
  const db = testbed.database.db;
  const [receipts, events, audits] = await Promise.all([
    db('order_receipts').where({ order_id: orderId }).count<{ count: string }[]>('* as count'),
    db('order_events').where({ order_id: orderId, event_type: 'received' }).count<{ count: string }[]>('* as count'),
    db('audit_events')
      .where({ target_id: orderId, action: 'order.receive_short_dated' })
      .count<{ count: string }[]>('* as count'),
  ]);
  return { receipts: Number(receipts[0]!.count), events: Number(events[0]!.count), audits: Number(audits[0]!.count) };
};

const titleOf = async (order: SentOrder, lineNumber: number): Promise<string> =>
  (await testbed.database.db('order_items').where({ order_id: order.id, line_number: lineNumber }).first('title'))
    .title;

describe('POST /api/orders/:id/receipts and short shelf life', () => {
  it('refuses a lot expiring within 90 days with 409 RECEIPT_SHORT_SHELF_LIFE naming it, and writes nothing', async () => {
    const order = await testbed.sentOrder([10, 4]);
    const today = await companyToday();
    await shipWithLots(order, [
      { lineNumber: 1, quantity: 10, lot: 'L123', expiry: addDays(today, 44) },
      { lineNumber: 2, quantity: 4, lot: 'L-LONG', expiry: addDays(today, 400) },
    ]);
    const lines = await prefilledLines(order);
    expect(lines[0]).toMatchObject({ lot: 'L123', expiry_date: addDays(today, 44) });
    const refused = await order.requester.agent.post(`/api/orders/${order.id}/receipts`).send({ lines }).expect(409);
    const title = await titleOf(order, 1);
    expect(refused.body).toEqual({
      code: 'RECEIPT_SHORT_SHELF_LIFE',
      message: `Lot L123 of ${title} expires on ${addDays(today, 44)}, 44 days from today; this item needs at least 90 days. Confirm to receive it anyway.`,
      details: {
        short_shelf_life: [
          {
            index: 0,
            line_number: 1,
            title,
            lot: 'L123',
            expiry_date: addDays(today, 44),
            days_remaining: 44,
            min_shelf_life_days: 90,
          },
        ],
      },
      requestId: expect.any(String),
    });
    // An explicit "no" is no confirmation either.
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines, confirm_short_shelf_life: false })
      .expect(409);
    expect(await written(order.id)).toEqual({ receipts: 0, events: 0, audits: 0 });
  });

  it('with the confirmation, receives the short-dated lot, marks its line, and the timeline and audit log say so', async () => {
    const order = await testbed.sentOrder([10, 4]);
    const today = await companyToday();
    await shipWithLots(order, [
      { lineNumber: 1, quantity: 10, lot: 'L123', expiry: addDays(today, 44) },
      { lineNumber: 2, quantity: 4, lot: 'L-LONG', expiry: addDays(today, 400) },
    ]);
    const lines = await prefilledLines(order);
    const received = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines, confirm_short_shelf_life: true })
      .expect(201);
    expect(received.body.fulfilment_status).toBe('received');
    expect(received.body.events.at(-1)).toMatchObject({
      type: 'received',
      details: {
        short_shelf_life_accepted: true,
        lines: [
          {
            line_number: 1,
            quantity: 10,
            lot: 'L123',
            expiry_date: addDays(today, 44),
            days_remaining: 44,
            short_shelf_life: true,
          },
          { line_number: 2, quantity: 4 },
        ],
      },
    });
    expect(received.body.events.at(-1).details.lines[1]).not.toHaveProperty('short_shelf_life');
    const stored = await testbed.database
      .db('order_receipt_lines as l')
      .join('order_receipts as r', 'r.id', 'l.receipt_id')
      .where('r.order_id', order.id)
      .orderBy('l.line_number')
      .select('l.line_number', 'l.lot', 'l.short_shelf_life');
    expect(stored).toEqual([
      { line_number: 1, lot: 'L123', short_shelf_life: true },
      { line_number: 2, lot: 'L-LONG', short_shelf_life: false },
    ]);
    const audit = await testbed.database
      .db('audit_events')
      .where({ target_id: order.id, action: 'order.receive_short_dated' })
      .first('actor_user_id', 'target_type', 'details');
    expect(audit).toMatchObject({
      actor_user_id: order.requester.user.id,
      target_type: 'order',
      details: { lines: [{ line_number: 1, lot: 'L123', days_remaining: 44, min_shelf_life_days: 90 }] },
    });
  });

  it('receives long-dated lots and lots without an expiry date without asking, and marks nothing', async () => {
    const order = await testbed.sentOrder([3, 2]);
    const today = await companyToday();
    const received = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({
        lines: [
          { line_number: 1, quantity: 3, lot: 'L-EXACT', expiry_date: addDays(today, 90) },
          { line_number: 2, quantity: 2, lot: 'NO-EXPIRY' },
        ],
      })
      .expect(201);
    expect(received.body.events.at(-1).details).not.toHaveProperty('short_shelf_life_accepted');
    expect(await written(order.id)).toEqual({ receipts: 1, events: 1, audits: 0 });
    const flags = await testbed.database
      .db('order_receipt_lines as l')
      .join('order_receipts as r', 'r.id', 'l.receipt_id')
      .where('r.order_id', order.id)
      .pluck('l.short_shelf_life');
    expect(flags).toEqual([false, false]);
  });

  it('applies each product’s own minimum: 0 days lets a lot expiring today through (not an expired one), 365 days flags 200 days left', async () => {
    const order = await testbed.sentOrder([1, 1, 1]);
    const today = await companyToday();
    await setMinShelfLife(order, 1, 0);
    await setMinShelfLife(order, 2, 365);
    const lenient = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 1, lot: 'TODAY', expiry_date: today }] })
      .expect(201);
    expect(lenient.body.events.at(-1).details).not.toHaveProperty('short_shelf_life_accepted');
    const strict = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 2, quantity: 1, lot: 'L200', expiry_date: addDays(today, 200) }] })
      .expect(409);
    expect(strict.body.message).toBe(
      `Lot L200 of ${await titleOf(order, 2)} expires on ${addDays(today, 200)}, 200 days from today; this item needs at least 365 days. Confirm to receive it anyway.`,
    );
    await setMinShelfLife(order, 3, 0);
    const expired = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 3, quantity: 1, lot: 'OLD', expiry_date: addDays(today, -2) }] })
      .expect(409);
    expect(expired.body.message).toBe(
      `Lot OLD of ${await titleOf(order, 3)} expired on ${addDays(today, -2)}, 2 days ago; it is out of date. Confirm to receive it anyway.`,
    );
    expect(await written(order.id)).toEqual({ receipts: 1, events: 1, audits: 0 });
  });
});
