import { randomUUID } from 'node:crypto';

import { beforeAll, describe, expect, it } from '@jest/globals';

import type { AdminOrder } from '../../contracts/order-submission.js';
import type { Db } from '../../database/connection.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';

/**
 * The list's set-based fulfilment (order-fulfilment.queries.ts) agrees with deriveFulfilment, the
 * rule GET /api/admin/orders/:id/fulfilment answers with, over many random histories: confirmation
 * versions (whole-order, per line, replaced), ship notices (replaced, withdrawn) and receipts,
 * written straight into the tables so that shapes the inbound rules would refuse are covered too.
 */
const testbed = useFulfilmentTestbed();
const DAY = 24 * 60 * 60 * 1000;
const ROUNDS = 25;

/** A small seeded generator (mulberry32): a failing round can be replayed. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomSource>;

const LINE_STATUSES = ['accept', 'allDetail', 'detail', 'backordered', 'reject', 'unknown'] as const;
const HEADER_TYPES = ['accept', 'reject', 'detail', 'allDetail', 'backordered', 'except'] as const;

const maybeDate = (random: Random) => (random.chance(0.5) ? new Date(Date.now() + random.int(-10, 10) * DAY) : null);

async function inboundDocument(db: Db, orderId: string): Promise<string> {
  const [row] = await db('inbound_documents')
    .insert({ order_id: orderId, status_code: 200, status_text: 'OK', payload_id: `${randomUUID()}@test` })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

async function writeRandomHistory(db: Db, orderId: string, quantities: number[], random: Random) {
  await db('supplier_confirmations').where({ order_id: orderId }).update({ replaced_by_id: null });
  await db('supplier_confirmations').where({ order_id: orderId }).delete();
  await db('shipments').where({ order_id: orderId }).delete();
  await db('order_receipts').where({ order_id: orderId }).delete();
  const lineNumbers = quantities.map((_quantity, index) => index + 1);

  const confirmationIds: string[] = [];
  for (let index = random.int(0, 3); index > 0; index -= 1) {
    const type = random.pick(HEADER_TYPES);
    const [row] = await db('supplier_confirmations')
      .insert({
        order_id: orderId,
        inbound_document_id: await inboundDocument(db, orderId),
        payload_id: `${randomUUID()}@test`,
        confirmation_type: type,
        operation: 'new',
        notice_date: new Date(),
        comments: random.chance(0.5) ? 'Supplier comment' : null,
      })
      .returning<{ id: string }[]>('id');
    confirmationIds.push(row!.id);
    if (random.chance(0.3)) continue; // a header without items
    const lines = lineNumbers
      .filter(() => random.chance(0.7))
      .flatMap((lineNumber) =>
        Array.from({ length: random.int(1, 2) }, () => ({
          confirmation_id: row!.id,
          line_number: random.chance(0.05) ? 99 : lineNumber,
          status: random.pick(LINE_STATUSES),
          quantity: random.int(0, quantities[lineNumber - 1]!),
          delivery_date: maybeDate(random),
          unit_price: random.chance(0.2) ? '7.50' : null,
          supplier_part_id: random.chance(0.1) ? 'OTHER-PART' : null,
        })),
      );
    if (lines.length > 0) await db('supplier_confirmation_lines').insert(lines);
  }
  // Some versions were replaced by a later one.
  for (let index = 0; index < confirmationIds.length - 1; index += 1) {
    if (random.chance(0.3)) {
      await db('supplier_confirmations')
        .where({ id: confirmationIds[index] })
        .update({ replaced_by_id: confirmationIds[index + 1] });
    }
  }

  for (let index = random.int(0, 2); index > 0; index -= 1) {
    const [row] = await db('shipments')
      .insert({
        order_id: orderId,
        inbound_document_id: await inboundDocument(db, orderId),
        payload_id: `${randomUUID()}@test`,
        shipment_id: `S-${index}`,
        operation: 'new',
        delivery_date: maybeDate(random),
        withdrawn_at: random.chance(0.2) ? new Date() : null,
      })
      .returning<{ id: string }[]>('id');
    const lines = lineNumbers
      .filter(() => random.chance(0.6))
      .map((lineNumber) => ({
        shipment_ref: row!.id,
        line_number: lineNumber,
        quantity: random.int(1, quantities[lineNumber - 1]!),
      }));
    if (lines.length > 0) await db('shipment_lines').insert(lines);
  }

  for (let index = random.int(0, 2); index > 0; index -= 1) {
    const [receipt] = await db('order_receipts')
      .insert({ order_id: orderId, received_by_label: 'ward@test' })
      .returning<{ id: string }[]>('id');
    const lines = lineNumbers
      .filter(() => random.chance(0.6))
      .map((lineNumber) => ({
        receipt_id: receipt!.id,
        line_number: lineNumber,
        quantity: random.int(1, quantities[lineNumber - 1]!),
      }));
    if (lines.length > 0) await db('order_receipt_lines').insert(lines);
  }
}

const SHAPES = [[10, 4], [3], [5, 5, 2], [1, 8]];
let orders: { order: SentOrder; quantities: number[] }[];
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  admin = (await signedInAgent(testbed.app, testbed.database.db, ['admin'])).agent;
  orders = await Promise.all(
    SHAPES.map(async (quantities) => ({ order: await testbed.sentOrder(quantities), quantities })),
  );
}, 60_000);

describe('the admin list and deriveFulfilment', () => {
  it(`agree on fulfilment_status, is_overdue and the expected date over ${ROUNDS} rounds of random histories`, async () => {
    const seen = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const random = randomSource(1000 + round);
      for (const { order, quantities } of orders) {
        await writeRandomHistory(testbed.database.db, order.id, quantities, random);
      }
      const list = await admin
        .get('/api/admin/orders')
        .query({ filter: JSON.stringify({ id: orders.map(({ order }) => order.id) }) })
        .expect(200);
      const rows = new Map((list.body as AdminOrder[]).map((row) => [row.id, row]));
      const derived = new Map<string, { fulfilment_status: string; is_overdue: boolean }>();
      for (const { order } of orders) {
        const { fulfilment } = (await admin.get(`/api/admin/orders/${order.id}/fulfilment`).expect(200)).body;
        derived.set(order.id, fulfilment);
        const row = rows.get(order.id)!;
        expect({ round, order: order.order_number, list: row.fulfilment_status }).toEqual({
          round,
          order: order.order_number,
          list: fulfilment.fulfilment_status,
        });
        expect({ round, is_overdue: row.is_overdue, expected: row.expected_delivery_date }).toEqual({
          round,
          is_overdue: fulfilment.is_overdue,
          expected: fulfilment.expected_delivery_date,
        });
        seen.add(row.fulfilment_status!);
      }
      // The list's filters read the kept columns (through the open orders' index): they keep
      // exactly the orders the rule puts there.
      const filters = {
        overdue: (f: { is_overdue: boolean }) => f.is_overdue,
        awaiting_receipt: (f: { fulfilment_status: string }) =>
          ['shipped', 'partially_shipped', 'partially_received'].includes(f.fulfilment_status),
        received: (f: { fulfilment_status: string }) => f.fulfilment_status === 'received',
        backordered: (f: { fulfilment_status: string }) => f.fulfilment_status === 'backordered',
      };
      for (const [name, keeps] of Object.entries(filters)) {
        const filtered = await admin
          .get('/api/admin/orders')
          .query({ filter: JSON.stringify({ id: orders.map(({ order }) => order.id), fulfilment: name }) })
          .expect(200);
        const listed = (filtered.body as AdminOrder[]).map((row) => row.order_number).sort();
        const expected = orders
          .filter(({ order }) => keeps(derived.get(order.id) as never))
          .map(({ order }) => order.order_number)
          .sort();
        expect({ round, filter: name, listed }).toEqual({ round, filter: name, listed: expected });
      }
    }
    // The random histories reach most states, or this test would prove little.
    expect(seen.size).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
