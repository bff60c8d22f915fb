import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';

import { SUPPLIER_SCORECARD_CSV_FIELDS, supplierScorecardSchema } from '../../contracts/supplier-scorecard.js';
import type { Db } from '../../database/connection.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, testConfig } from '../../test-support/test-context.js';
import * as history from '../demo/demo-history.queries.js';

const NOW = new Date('2026-11-15T12:00:00Z');
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };
const at = (iso: string) => new Date(iso);

type Agent = ReturnType<typeof request.agent>;

/** A sent order written straight to the tables, its lines (quantity, unit price) numbered from 1. */
async function sentOrder(
  db: Db,
  userId: string,
  spec: { sentAt: string; supplier: string | null; lines: [number, string][]; status?: string },
): Promise<string> {
  const total = spec.lines.reduce((sum, [quantity, unit]) => sum + quantity * Number(unit), 0);
  const [order] = await db('orders')
    .insert({
      user_id: userId,
      user_email: 'scorecard@test.supplyhub.test',
      status: spec.status ?? 'submitted',
      total_amount: total.toFixed(2),
      created_at: at(spec.sentAt),
      submitted_at: spec.status ? null : at(spec.sentAt),
      supplier_identity: spec.supplier,
    })
    .returning<{ id: string }[]>('id');
  await db('order_items').insert(
    spec.lines.map(([quantity, unit], index) => ({
      order_id: order!.id,
      line_number: index + 1,
      asin: `SCORE${index + 1}`,
      title: `Line ${index + 1}`,
      quantity,
      unit_price: unit,
      total_price: (quantity * Number(unit)).toFixed(2),
    })),
  );
  return order!.id;
}

function invoice(orderId: string, key: string, iso: string, lines: history.HistoricalInvoice['lines']) {
  const reasons = lines.flatMap((line) => line.reasons);
  return {
    orderId,
    key,
    at: at(iso),
    supplierIdentity: 'SENDER',
    status: reasons.length > 0 ? ('exception' as const) : ('matched' as const),
    reasons: [],
    tolerancePercent: 2,
    lines,
  };
}

describe('GET /api/reports/suppliers', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: Express;
  let finance: Agent;
  let admin: Agent;
  const orders: Record<string, string> = {};
  const defaultIdentity = testConfig().supplier.identity;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const db = database.db;
    app = createTestApp(db, { now: () => NOW });
    finance = (await signedInAgent(app, db, ['finance'])).agent;
    admin = (await signedInAgent(app, db, ['admin'])).agent;
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
    const [user] = await db('users')
      .insert({ email: 'scorecard@test.supplyhub.test' })
      .returning<{ id: string }[]>('id');
    const userId = user!.id;

    // A — perfect: confirmed in full within 2 h, shipped complete, received in 2.125 days before the
    // promised 8 October, invoice matched.
    orders.a = await sentOrder(db, userId, {
      sentAt: '2026-10-05T12:00:00Z',
      supplier: 'ACME',
      lines: [
        [4, '10.00'],
        [2, '5.00'],
      ],
    });
    await history.insertHistoricalConfirmation(db, {
      orderId: orders.a,
      key: 'A-C',
      at: at('2026-10-05T14:00:00Z'),
      type: 'accept',
      lines: [1, 2].map((line) => ({
        line_number: line,
        status: 'accept' as const,
        quantity: line === 1 ? 4 : 2,
        delivery_date: at('2026-10-08T16:00:00Z'),
      })),
    });
    await history.insertHistoricalShipment(db, {
      orderId: orders.a,
      key: 'A-S',
      at: at('2026-10-06T12:00:00Z'),
      deliveryDate: at('2026-10-07T12:00:00Z'),
      lines: [
        { line_number: 1, quantity: 4 },
        { line_number: 2, quantity: 2 },
      ],
    });
    await history.insertHistoricalReceipt(db, {
      orderId: orders.a,
      at: at('2026-10-07T15:00:00Z'),
      receivedBy: 'Ward',
      lines: [
        { line_number: 1, quantity: 4, condition: 'ok' },
        { line_number: 2, quantity: 2, condition: 'ok' },
      ],
    });
    await history.insertHistoricalInvoice(
      db,
      invoice(orders.a, 'A-I', '2026-10-08T12:00:00Z', [
        {
          line_number: 1,
          quantity: 4,
          unit_price: '10.00',
          order_unit_price: '10.00',
          received_quantity: 4,
          reasons: [],
        },
        {
          line_number: 2,
          quantity: 2,
          unit_price: '5.00',
          order_unit_price: '5.00',
          received_quantity: 2,
          reasons: [],
        },
      ]),
    );

    // B — acknowledged after 30 h: 6 of 10 confirmed, 4 backordered to 20 October; 6 received, the
    // rest never came (due, so late); invoice for the 6 matched.
    orders.b = await sentOrder(db, userId, { sentAt: '2026-10-10T12:00:00Z', supplier: 'ACME', lines: [[10, '3.00']] });
    await history.insertHistoricalConfirmation(db, {
      orderId: orders.b,
      key: 'B-C',
      at: at('2026-10-11T18:00:00Z'),
      type: 'detail',
      lines: [
        { line_number: 1, status: 'accept', quantity: 6, delivery_date: at('2026-10-13T16:00:00Z') },
        { line_number: 1, status: 'backordered', quantity: 4, delivery_date: at('2026-10-20T16:00:00Z') },
      ],
    });
    await history.insertHistoricalShipment(db, {
      orderId: orders.b,
      key: 'B-S',
      at: at('2026-10-11T20:00:00Z'),
      deliveryDate: at('2026-10-12T16:00:00Z'),
      lines: [{ line_number: 1, quantity: 6 }],
    });
    await history.insertHistoricalReceipt(db, {
      orderId: orders.b,
      at: at('2026-10-12T15:00:00Z'),
      receivedBy: 'Ward',
      lines: [{ line_number: 1, quantity: 6, condition: 'ok' }],
    });
    await history.insertHistoricalInvoice(
      db,
      invoice(orders.b, 'B-I', '2026-10-13T12:00:00Z', [
        {
          line_number: 1,
          quantity: 6,
          unit_price: '3.00',
          order_unit_price: '3.00',
          received_quantity: 6,
          reasons: [],
        },
      ]),
    );

    // C — within 1 h: line 1 at a new price (22.00 for 20.00), line 2 rejected; received on 25
    // October (one unit damaged), two days after the promise; invoiced at the new price: an exception.
    orders.c = await sentOrder(db, userId, {
      sentAt: '2026-10-20T12:00:00Z',
      supplier: 'ACME',
      lines: [
        [5, '20.00'],
        [1, '7.00'],
      ],
    });
    await history.insertHistoricalConfirmation(db, {
      orderId: orders.c,
      key: 'C-C',
      at: at('2026-10-20T13:00:00Z'),
      type: 'detail',
      lines: [
        {
          line_number: 1,
          status: 'detail',
          quantity: 5,
          delivery_date: at('2026-10-23T16:00:00Z'),
          unit_price: '22.00',
        },
        { line_number: 2, status: 'reject', quantity: 1, delivery_date: null },
      ],
    });
    await history.insertHistoricalShipment(db, {
      orderId: orders.c,
      key: 'C-S',
      at: at('2026-10-21T12:00:00Z'),
      deliveryDate: at('2026-10-23T12:00:00Z'),
      lines: [{ line_number: 1, quantity: 5 }],
    });
    await history.insertHistoricalReceipt(db, {
      orderId: orders.c,
      at: at('2026-10-25T18:00:00Z'),
      receivedBy: 'Ward',
      lines: [
        { line_number: 1, quantity: 4, condition: 'ok' },
        { line_number: 1, quantity: 1, condition: 'damaged' },
      ],
    });
    await history.insertHistoricalInvoice(
      db,
      invoice(orders.c, 'C-I', '2026-10-26T12:00:00Z', [
        {
          line_number: 1,
          quantity: 5,
          unit_price: '22.00',
          order_unit_price: '20.00',
          received_quantity: 5,
          reasons: ["Unit price $22.00 is 10 % above the order's $20.00 (tolerance 2 %)"],
        },
      ]),
    );

    // D — sent, never acknowledged.
    orders.d = await sentOrder(db, userId, { sentAt: '2026-10-28T12:00:00Z', supplier: 'ACME', lines: [[3, '1.00']] });

    // E — another supplier: a whole-order accept after 3 h, received before the ship notice's date,
    // invoiced for one unit more than arrived.
    orders.e = await sentOrder(db, userId, { sentAt: '2026-10-15T12:00:00Z', supplier: 'BETA', lines: [[2, '4.00']] });
    await history.insertHistoricalConfirmation(db, {
      orderId: orders.e,
      key: 'E-C',
      at: at('2026-10-15T15:00:00Z'),
      type: 'accept',
      lines: [],
    });
    await history.insertHistoricalShipment(db, {
      orderId: orders.e,
      key: 'E-S',
      at: at('2026-10-15T20:00:00Z'),
      deliveryDate: at('2026-10-17T16:00:00Z'),
      lines: [{ line_number: 1, quantity: 2 }],
    });
    await history.insertHistoricalReceipt(db, {
      orderId: orders.e,
      at: at('2026-10-16T12:00:00Z'),
      receivedBy: 'Ward',
      lines: [{ line_number: 1, quantity: 2, condition: 'ok' }],
    });
    await history.insertHistoricalInvoice(
      db,
      invoice(orders.e, 'E-I', '2026-10-17T12:00:00Z', [
        {
          line_number: 1,
          quantity: 3,
          unit_price: '4.00',
          order_unit_price: '4.00',
          received_quantity: 2,
          reasons: ['Order line 1: 3 invoiced, but 2 received'],
        },
      ]),
    );

    // F — sent before this portal kept the identity: counted under the configured default.
    orders.f = await sentOrder(db, userId, { sentAt: '2026-10-30T12:00:00Z', supplier: null, lines: [[1, '9.00']] });
    // Never counted: sent after the range (31 October 23:30 in New York is 1 November UTC — inside),
    // a November order, a pending and a failed one.
    orders.lateEvening = await sentOrder(db, userId, {
      sentAt: '2026-11-01T03:30:00Z',
      supplier: 'ACME',
      lines: [[1, '1.00']],
    });
    await sentOrder(db, userId, { sentAt: '2026-11-02T12:00:00Z', supplier: 'ACME', lines: [[1, '1.00']] });
    await sentOrder(db, userId, {
      sentAt: '2026-10-12T12:00:00Z',
      supplier: 'ACME',
      lines: [[1, '1.00']],
      status: 'pending',
    });
    await sentOrder(db, userId, {
      sentAt: '2026-10-12T12:00:00Z',
      supplier: 'ACME',
      lines: [[1, '1.00']],
      status: 'failed',
    });
  });

  afterAll(() => database.drop());

  it('answers each figure per supplier and month as counted by hand', async () => {
    const response = await finance.get('/api/reports/suppliers').query(OCTOBER).expect(200);
    expect(supplierScorecardSchema.parse(response.body.data)).toEqual(response.body.data);
    const rows = response.body.data.rows as { supplier_identity: string }[];
    expect(rows.map((row) => row.supplier_identity)).toEqual(['ACME', 'BETA', defaultIdentity].sort());
    expect(rows.find((row) => row.supplier_identity === 'ACME')).toEqual({
      supplier_identity: 'ACME',
      month: '2026-10',
      // A, B, C, D and the 23:30 New York order of 31 October.
      orders_sent: 5,
      acknowledged_within_24h: { count: 2, of: 5, percent: 40, orders: 2 },
      // Confirmed 6 + 6 + 5 of 6 + 10 + 6 ordered on A, B and C.
      fill_rate: { count: 17, of: 22, percent: 77.3, orders: 3 },
      lines_backordered: { count: 1, of: 5, percent: 20, orders: 1 },
      lines_rejected: { count: 1, of: 5, percent: 20, orders: 1 },
      price_changes: { count: 1, of: 5, percent: 20, orders: 1 },
      // A on time; B (never completed, due 20 October) and C (two days late) not.
      on_time: { count: 1, of: 3, percent: 33.3, orders: 1 },
      // A 2.125 days, C 5.25 days.
      median_lead_time_days: 3.7,
      received_in_full: 2,
      invoices_matched_first_time: { count: 2, of: 3, percent: 66.7, orders: 2 },
      invoice_exceptions: { price: 1, quantity: 0, not_on_order: 0, totals: 0, other: 0 },
      perfect_orders: { count: 1, of: 5, percent: 20, orders: 1 },
    });
    expect(rows.find((row) => row.supplier_identity === 'BETA')).toMatchObject({
      orders_sent: 1,
      acknowledged_within_24h: { count: 1, of: 1, percent: 100 },
      fill_rate: { count: 2, of: 2, percent: 100 },
      on_time: { count: 1, of: 1, percent: 100 },
      median_lead_time_days: 1,
      invoices_matched_first_time: { count: 0, of: 1, percent: 0 },
      invoice_exceptions: { price: 0, quantity: 1 },
      perfect_orders: { count: 0, of: 1, percent: 0 },
    });
    expect(rows.find((row) => row.supplier_identity === defaultIdentity)).toMatchObject({
      orders_sent: 1,
      fill_rate: { count: 0, of: 0, percent: null },
      median_lead_time_days: null,
    });
  });

  it.each([
    ['on_time', ['a']],
    ['with_backorder', ['b']],
    ['delivery_due', ['a', 'b', 'c']],
    ['perfect', ['a']],
    ['exception_price', ['c']],
    ['acknowledged', ['a', 'b', 'c']],
    ['sent', ['a', 'b', 'c', 'd', 'lateEvening']],
  ])('each figure links to exactly its orders: scorecard=%s lists %p', async (measure, keys) => {
    const response = await admin
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify({ scorecard: measure, supplier: 'ACME', sent_month: '2026-10' }) })
      .expect(200);
    const ids = (response.body as { id: string }[]).map((row) => row.id).sort();
    expect(ids).toEqual(keys.map((key) => orders[key]).sort());
  });

  it('refuses a scorecard or supplier filter without its month (it would read every order ever sent)', async () => {
    const refused = await admin
      .get('/api/admin/orders')
      .query({ filter: JSON.stringify({ scorecard: 'sent', supplier: 'ACME' }) })
      .expect(400);
    expect(JSON.stringify(refused.body)).toContain('need sent_month (YYYY-MM)');
  });

  it('counts whole months, as its links do: a range cut mid-month answers the months it touches', async () => {
    const whole = await finance.get('/api/reports/suppliers').query(OCTOBER).expect(200);
    const cut = await finance.get('/api/reports/suppliers').query({ from: '2026-10-20', to: '2026-10-22' }).expect(200);
    expect(cut.body.data).toMatchObject(OCTOBER);
    expect(cut.body.data.rows).toEqual(whole.body.data.rows);
  });

  it('exports the same figures as CSV', async () => {
    const response = await finance
      .get('/api/reports/suppliers')
      .query({ ...OCTOBER, format: 'csv' })
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="suppliers-\d{8}T\d{6}Z\.csv"$/);
    const [header, ...lines] = response.text.trim().split('\n');
    expect(header).toBe(SUPPLIER_SCORECARD_CSV_FIELDS.map((field) => `"${field}"`).join(','));
    expect(lines).toContain('"ACME","2026-10",5,40,77.3,20,20,20,33.3,3.7,66.7,1,0,0,0,0,20');
  });

  it('answers 401 without a session and 403 for roles other than finance and admin', async () => {
    await request(app).get('/api/reports/suppliers').query(OCTOBER).expect(401);
    for (const role of ['doctor', 'logistics_admin', 'user'] as const) {
      const { agent } = await signedInAgent(app, database.db, [role]);
      await agent.get('/api/reports/suppliers').query(OCTOBER).expect(403);
    }
    await admin.get('/api/reports/suppliers').query(OCTOBER).expect(200);
  });

  it.each([
    [{ to: '2026-10-31' }, 'The start date (from) is required.'],
    [{ from: '2026-13-01', to: '2026-10-31' }, 'The start date (from) must be a date in the form YYYY-MM-DD.'],
    [{ from: '2026-10-01', to: 'yesterday' }, 'The end date (to) must be a date in the form YYYY-MM-DD.'],
    [{ from: '2026-11-01', to: '2026-10-01' }, 'The start date must be on or before the end date.'],
  ])('refuses %p with 400 and the message %p', async (query, message) => {
    const response = await finance.get('/api/reports/suppliers').query(query).expect(400);
    expect(response.body).toMatchObject({ code: 'REPORT_INVALID_RANGE', message });
  });
});
