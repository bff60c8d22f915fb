import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request, { type Test } from 'supertest';

import type { Db } from '../../database/connection.js';
import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { createTestApp, movableClock, signedInAgent, closeTestApp } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { reportDataSchemas } from '../../contracts/reports.js';
import { rebuildReportRollups } from './reports.service.js';

interface LineSpec {
  asin: string;
  title: string;
  quantity: number;
  unit: string;
}

type Status = 'pending' | 'approved' | 'submitted' | 'failed' | 'rejected';

/** An order written straight to the database as pending, then moved on by UPDATEs (the triggers do the rest). */
async function insertOrder(
  db: Db,
  userId: string,
  spec: { at: string; status: Status; state?: string | null; lines: LineSpec[] },
): Promise<string> {
  const cents = spec.lines.map((line) => line.quantity * Math.round(Number(line.unit) * 100));
  const [order] = await db('orders')
    .insert({
      user_id: userId,
      user_email: 'reports@test.supplyhub.test',
      status: 'pending',
      total_amount: (cents.reduce((sum, value) => sum + value, 0) / 100).toFixed(2),
      created_at: new Date(spec.at),
    })
    .returning<{ id: string }[]>('id');
  const id = order!.id;
  await db('order_items').insert(
    spec.lines.map((line, index) => ({
      order_id: id,
      line_number: index + 1,
      asin: line.asin,
      title: line.title,
      quantity: line.quantity,
      unit_price: line.unit,
      total_price: (cents[index]! / 100).toFixed(2),
    })),
  );
  await moveOrder(db, id, spec.status, spec.state ?? null);
  return id;
}

async function moveOrder(db: Db, id: string, status: Status, state: string | null): Promise<void> {
  if (status === 'pending') return;
  if (status === 'rejected') {
    await db('orders').where({ id }).update({ status, rejection_reason: 'Rejected by admin' });
    return;
  }
  // The ship-to state is copied in the same UPDATE as the approval, as the supplier claim does.
  await db('orders').where({ id }).update({ status: 'approved', ship_to_state: state });
  if (status !== 'approved') await db('orders').where({ id }).update({ status });
}

const X = { asin: 'RPTX000001', title: 'Nitrile gloves', unit: '10.00' };
const Y = { asin: 'RPTY000001', title: 'Face masks', unit: '5.50' };
const Z = { asin: 'RPTZ000001', title: '=HYPERLINK("http://evil.example")', unit: '1.00' };
const RANGE = { from: '2026-03-10', to: '2026-03-12' };

describe('/api/reports', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let db: Db;
  let app: Express;
  let finance: Awaited<ReturnType<typeof signedInAgent>>['agent'];

  const apps: Express[] = [];
  const query = (body: object): Test => finance.post('/api/reports/query').send(body);
  const appAt = (now?: () => Date): Express => {
    const created = createTestApp(db, { now });
    apps.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    db = database.db;
    app = appAt();
    finance = (await signedInAgent(app, db, ['finance'])).agent;
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
    const [user] = await db('users').insert({ email: 'reports@test.supplyhub.test' }).returning<{ id: string }[]>('id');
    const userId = user!.id;
    const line = (product: typeof X, quantity: number) => ({ ...product, quantity });
    const orders: Parameters<typeof insertOrder>[2][] = [
      // Around the range edges in New York (EDT, UTC−4): 23:59 the day before, 00:01 the first day, …
      { at: '2026-03-09T23:59:00-04:00', status: 'submitted', state: 'NY', lines: [line(X, 1)] },
      { at: '2026-03-10T00:01:00-04:00', status: 'approved', state: 'NY', lines: [line(X, 2), line(Y, 1)] },
      { at: '2026-03-12T23:59:00-04:00', status: 'submitted', state: 'CA', lines: [line(X, 1)] },
      { at: '2026-03-13T00:01:00-04:00', status: 'submitted', state: 'TX', lines: [line(X, 3)] },
      // … orders that never count …
      ...(['pending', 'rejected', 'failed'] as const).map((status) => ({
        at: '2026-03-11T12:00:00-04:00',
        status,
        state: 'IL',
        lines: [line(Y, 7)],
      })),
      // … a territory, and an approved order whose ship-to state was never set.
      { at: '2026-03-11T12:00:00-04:00', status: 'submitted', state: 'PR', lines: [line(Z, 1)] },
      { at: '2026-03-11T13:00:00-04:00', status: 'approved', state: null, lines: [line(Y, 1)] },
    ];
    for (const order of orders) await insertOrder(db, userId, order);
  });

  afterAll(async () => {
    for (const created of apps) await closeTestApp(created);
    await database.drop();
  });

  it('POST /api/reports/query overview counts approved and submitted orders on whole New York days', async () => {
    const response = await query({ slice: 'overview', filters: RANGE }).expect(200);
    expect(response.body).toEqual({
      ok: true,
      data: [
        {
          total_spend: '42.00',
          total_orders: 4,
          avg_order_value: '10.50',
          total_units: 6,
          // 23:59 on 9 March and 00:01 on 13 March stay out; pending, rejected and failed never count.
          series_bucket: 'day',
          series: [
            { date: '2026-03-10', total_spend: '25.50', total_orders: 1 },
            { date: '2026-03-11', total_spend: '6.50', total_orders: 2 },
            { date: '2026-03-12', total_spend: '10.00', total_orders: 1 },
          ],
        },
      ],
    });
    expect(reportDataSchemas.overview.parse(response.body.data)).toEqual(response.body.data);
    expect(response.headers['server-timing']).toMatch(/^report;dur=/);
    const oneDay = await query({ slice: 'overview', filters: { from: '2026-03-13', to: '2026-03-13' } }).expect(200);
    expect(oneDay.body.data[0]).toMatchObject({
      total_spend: '30.00',
      total_orders: 1,
      series: [{ date: '2026-03-13', total_spend: '30.00', total_orders: 1 }],
    });
    const empty = await query({ slice: 'overview', filters: { from: '2020-01-01', to: '2020-01-31' } }).expect(200);
    expect(empty.body.data).toEqual([
      {
        total_spend: '0.00',
        total_orders: 0,
        avg_order_value: '0.00',
        total_units: 0,
        series_bucket: 'day',
        series: Array.from({ length: 31 }, (_, index) => ({
          date: `2020-01-${String(index + 1).padStart(2, '0')}`,
          total_spend: '0.00',
          total_orders: 0,
        })),
      },
    ]);
  });

  it('by_region sums the Census regions by ship-to state, territories and missing states as Other', async () => {
    const table = await query({ slice: 'by_region', filters: RANGE }).expect(200);
    expect(table.body.data).toEqual([
      { region: 'Northeast', order_count: 1, total_spend: '25.50' },
      { region: 'Midwest', order_count: 0, total_spend: '0.00' },
      { region: 'South', order_count: 0, total_spend: '0.00' },
      { region: 'West', order_count: 1, total_spend: '10.00' },
      { region: 'Other', order_count: 2, total_spend: '6.50' },
    ]);
    const map = await query({ slice: 'by_region', view: 'map', filters: RANGE }).expect(200);
    expect(map.body.data.states).toEqual([
      { state: 'CA', orders: 1, units: 1, spend: '10.00' },
      { state: 'NY', orders: 1, units: 3, spend: '25.50' },
      { state: 'PR', orders: 1, units: 1, spend: '1.00' },
    ]);
    expect(map.body.data.regions).toContainEqual({ regionName: 'Other', orders: 2, units: 2, spend: '6.50' });
    expect(map.body.data.regions).toContainEqual({ regionName: 'Northeast', orders: 1, units: 3, spend: '25.50' });
  });

  it('top_products ranks the line snapshots by units', async () => {
    const response = await query({ slice: 'top_products', filters: RANGE }).expect(200);
    expect(response.body.data).toEqual([
      { asin: X.asin, title: X.title, total_units: 3, total_spend: '30.00' },
      { asin: Y.asin, title: Y.title, total_units: 2, total_spend: '11.00' },
      { asin: Z.asin, title: Z.title, total_units: 1, total_spend: '1.00' },
    ]);
  });

  it('a later catalogue price or title change leaves the reports as ordered', async () => {
    const clock = movableClock(new Date('2025-06-15T16:00:00Z'));
    const shopApp = appAt(clock.now);
    const [product] = await insertProducts(db, [{ title: 'Snapshot syringes', price: '4.25' }]);
    const { agent: doctor } = await signedInAgent(shopApp, db, ['doctor']);
    const order = await doctor
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [{ asin: product!.asin, quantity: 4 }] })
      .expect(201);
    await moveOrder(db, order.body.id as string, 'submitted', 'WA');
    const day = { from: '2025-06-15', to: '2025-06-15' };
    const expected = [{ asin: product!.asin, title: 'Snapshot syringes', total_units: 4, total_spend: '17.00' }];
    expect((await query({ slice: 'top_products', filters: day }).expect(200)).body.data).toEqual(expected);
    await db('products').where({ id: product!.id }).update({ price: '99.00', title: 'Renamed syringes' });
    expect((await query({ slice: 'top_products', filters: day }).expect(200)).body.data).toEqual(expected);
  });

  it('reorders gives first and last purchase, orders containing the ASIN and the average days between', async () => {
    const [user] = await db('users')
      .insert({ email: 'reorders@test.supplyhub.test' })
      .returning<{ id: string }[]>('id');
    const R1 = { asin: 'RPTR000001', title: 'Gauze v1', unit: '2.00' };
    const R2 = { asin: 'RPTR000002', title: 'Tape', unit: '3.00' };
    const at = (day: string) => `${day}T10:00:00-05:00`;
    await insertOrder(db, user!.id, {
      at: at('2025-01-01'),
      status: 'submitted',
      state: 'OH',
      lines: [{ ...R1, quantity: 1 }],
    });
    // Two lines of the same ASIN in one order: one purchase.
    await insertOrder(db, user!.id, {
      at: at('2025-01-11'),
      status: 'approved',
      state: 'OH',
      lines: [
        { ...R1, quantity: 1 },
        { ...R1, quantity: 2 },
        { ...R2, quantity: 1 },
      ],
    });
    await insertOrder(db, user!.id, {
      at: at('2025-01-31'),
      status: 'submitted',
      state: 'OH',
      lines: [{ ...R1, title: 'Gauze v2', quantity: 1 }],
    });
    await insertOrder(db, user!.id, { at: at('2025-01-20'), status: 'rejected', lines: [{ ...R1, quantity: 1 }] });
    const response = await query({ slice: 'reorders', filters: { from: '2025-01-01', to: '2025-01-31' } }).expect(200);
    expect(response.body.data).toEqual([
      {
        asin: R1.asin,
        title_snapshot: 'Gauze v2',
        first_purchase: '2025-01-01',
        last_purchase: '2025-01-31',
        purchase_count: 3,
        avg_days_between: 15,
      },
      {
        asin: R2.asin,
        title_snapshot: 'Tape',
        first_purchase: '2025-01-11',
        last_purchase: '2025-01-11',
        purchase_count: 1,
        avg_days_between: null,
      },
    ]);
  });

  it('the CSV export streams a spreadsheet-safe file, named after the slice, and is audited', async () => {
    const response = await query({ slice: 'top_products', filters: RANGE, format: 'csv' }).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="top_products-\d{8}T\d{6}Z\.csv"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toBe('"asin","title","total_units","total_spend"');
    expect(lines[1]).toBe(`"${X.asin}","Nitrile gloves",3,"30.00"`);
    expect(lines[3]).toBe(`"${Z.asin}","'=HYPERLINK(""http://evil.example"")",1,"1.00"`);
    const audit = await db('audit_events').where({ action: 'report.export' }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({
      outcome: 'success',
      details: { slice: 'top_products', from: RANGE.from, to: RANGE.to, rows: 3 },
    });

    const overview = await query({ slice: 'overview', filters: RANGE, format: 'csv' }).expect(200);
    expect(overview.text.trim().split('\n')).toEqual([
      '"total_spend","total_orders","avg_order_value","total_units"',
      '"42.00",4,"10.50",6',
    ]);
    const states = await query({ slice: 'by_region', view: 'map', filters: RANGE, format: 'csv' }).expect(200);
    expect(states.text.trim().split('\n')[0]).toBe('"state","orders","units","spend"');
  });

  it('refuses bad ranges with a message the screen can show', async () => {
    const cases: [object, string][] = [
      [
        { slice: 'overview', filters: { from: '2026-03-12', to: '2026-03-10' } },
        'The start date must be on or before the end date.',
      ],
      [{ slice: 'overview', filters: { to: '2026-03-10' } }, 'The start date (from) is required.'],
      [{ slice: 'overview' }, 'Choose a date range: filters.from and filters.to.'],
      [
        { slice: 'overview', filters: { from: '2026-02-30', to: '2026-03-10' } },
        'The start date (from) must be a date in the form YYYY-MM-DD.',
      ],
      [
        { slice: 'overview', filters: { from: '2021-03-10', to: '2026-03-10' } },
        'The date range cannot be longer than 5 years.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await query(body).expect(400);
      expect(response.body).toMatchObject({ code: 'REPORT_INVALID_RANGE', message, requestId: expect.any(String) });
      expect(response.body).not.toHaveProperty('ok');
    }
    await query({ slice: 'overview', filters: { from: '2021-03-11', to: '2026-03-10' } }).expect(200);
    const badSlice = await query({ slice: 'everything', filters: RANGE }).expect(400);
    expect(badSlice.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(badSlice.body).not.toHaveProperty('ok');
    expect(badSlice.body.message).toContain('slice must be one of');
  });

  it('lets admin, super_admin and finance in, and nobody else', async () => {
    const body = { slice: 'overview', filters: RANGE };
    const doctor = (await signedInAgent(app, db, ['doctor'])).agent;
    const refused = await doctor.post('/api/reports/query').send(body).expect(403);
    // The one error body, as every other operation answers.
    expect(refused.body).toEqual({ code: 'FORBIDDEN', message: expect.any(String), requestId: expect.any(String) });
    await doctor
      .post('/api/reports/query')
      .send({ ...body, format: 'csv' })
      .expect(403);
    const dashboard = await doctor.get('/api/reports/dashboard').expect(403);
    expect(dashboard.body).toEqual({ code: 'FORBIDDEN', message: expect.any(String), requestId: expect.any(String) });
    for (const role of ['admin', 'super_admin'] as const) {
      await (await signedInAgent(app, db, [role])).agent.post('/api/reports/query').send(body).expect(200);
    }
    await query(body).expect(200);
    const anonymous = await request(app).post('/api/reports/query').send(body).expect(401);
    expect(anonymous.body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    expect(anonymous.body).not.toHaveProperty('ok');
  });

  it('the overview series puts each order on its company-timezone day, week and month, by the spend rule', async () => {
    const [user] = await db('users').insert({ email: 'series@test.supplyhub.test' }).returning<{ id: string }[]>('id');
    const order = (at: string, status: Status, product: typeof X, quantity: number) =>
      insertOrder(db, user!.id, { at, status, state: 'OH', lines: [{ ...product, quantity }] });
    await order('2024-01-31T23:30:00-05:00', 'submitted', X, 1); // 10.00, 31 January in New York (1 February in UTC)
    await order('2024-02-01T00:30:00-05:00', 'approved', Y, 2); // 11.00, 1 February (31 January in Los Angeles)
    await order('2024-03-10T23:59:00-04:00', 'submitted', X, 3); // 30.00, Sunday 10 March: the week of 4 March
    await order('2024-03-11T00:01:00-04:00', 'submitted', X, 1); // 10.00, Monday 11 March: a week of its own
    for (const status of ['pending', 'rejected', 'failed'] as const)
      await order('2024-03-11T12:00:00-04:00', status, Y, 7);
    const series = async (from: string, to: string) => {
      const response = await query({ slice: 'overview', filters: { from, to } }).expect(200);
      const [row] = response.body.data as { series_bucket: string; series: { date: string; total_spend: string }[] }[];
      return {
        bucket: row!.series_bucket,
        points: row!.series,
        nonZero: row!.series.filter((p) => p.total_spend !== '0.00'),
      };
    };

    expect((await series('2024-01-31', '2024-02-01')).points).toEqual([
      { date: '2024-01-31', total_spend: '10.00', total_orders: 1 },
      { date: '2024-02-01', total_spend: '11.00', total_orders: 1 },
    ]);
    // Wednesday 3 January to 30 April 2024, 119 days: 18 weeks from Monday 1 January, the first dated 3 January.
    const weeks = await series('2024-01-03', '2024-04-30');
    expect(weeks.bucket).toBe('week');
    expect(weeks.points).toHaveLength(18);
    expect(weeks.points[0]).toEqual({ date: '2024-01-03', total_spend: '0.00', total_orders: 0 });
    expect(weeks.nonZero).toEqual([
      { date: '2024-01-29', total_spend: '21.00', total_orders: 2 },
      { date: '2024-03-04', total_spend: '30.00', total_orders: 1 },
      { date: '2024-03-11', total_spend: '10.00', total_orders: 1 },
    ]);
    // June 2023 to June 2024, 396 days: 13 months.
    const months = await series('2023-06-01', '2024-06-30');
    expect(months.bucket).toBe('month');
    expect(months.points).toHaveLength(13);
    expect(months.nonZero).toEqual([
      { date: '2024-01-01', total_spend: '10.00', total_orders: 1 },
      { date: '2024-02-01', total_spend: '11.00', total_orders: 1 },
      { date: '2024-03-01', total_spend: '40.00', total_orders: 2 },
    ]);

    // In Los Angeles the 00:30 New York order of 1 February still belongs to January.
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/Los_Angeles' });
    try {
      expect((await series('2023-06-01', '2024-06-30')).nonZero.slice(0, 2)).toEqual([
        { date: '2024-01-01', total_spend: '21.00', total_orders: 2 },
        { date: '2024-03-01', total_spend: '40.00', total_orders: 2 },
      ]);
    } finally {
      await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
    }
  });

  it('the dashboard defaults to the 30 days ending today in the company timezone', async () => {
    // 23:30 on 12 March in New York is already 13 March in UTC: the 13 March order must stay out.
    const dashboardApp = appAt(() => new Date('2026-03-13T03:30:00Z'));
    const { agent } = await signedInAgent(dashboardApp, db, ['finance']);
    const response = await agent.get('/api/reports/dashboard').expect(200);
    expect(response.body).toEqual({
      ok: true,
      data: {
        start_date: '2026-02-11',
        end_date: '2026-03-12',
        overview: { total_spend: '52.00', total_orders: 5, avg_order_value: '10.40', total_units: 7 },
        top_items: [
          { asin: X.asin, title: X.title, total_units: 4, total_spend: '40.00' },
          { asin: Y.asin, title: Y.title, total_units: 2, total_spend: '11.00' },
          { asin: Z.asin, title: Z.title, total_units: 1, total_spend: '1.00' },
        ],
        approval_levels_without_approver: expect.any(Array),
        // As budgets count it, over the Budget vs actual month (the consistency test compares the figures).
        department_spend: { month: '2026-03', rows: expect.any(Array), total_committed: expect.any(String) },
      },
    });
    const chosen = await agent
      .post('/api/reports/dashboard')
      .send({ start_date: '2026-03-13', end_date: '2026-03-13' })
      .expect(200);
    expect(chosen.body.data.overview).toMatchObject({ total_spend: '30.00', total_orders: 1 });
    const slice = await agent
      .post('/api/reports/dashboard')
      .send({ slice: 'by_region', start_date: '2026-03-13', end_date: '2026-03-13' })
      .expect(200);
    expect(slice.body.data).toContainEqual({ region: 'South', order_count: 1, total_spend: '30.00' });
    const reversed = await agent
      .post('/api/reports/dashboard')
      .send({ start_date: '2026-03-13', end_date: '2026-03-01' })
      .expect(400);
    expect(reversed.body.message).toBe('The start date must be on or before the end date.');
  });

  it('a timezone saved in the settings moves the report days and the dashboard’s today at once', async () => {
    // 23:30 on 12 March in New York is 12:30 on 13 March in Tokyo.
    const settingsApp = appAt(() => new Date('2026-03-13T03:30:00Z'));
    const { agent: admin } = await signedInAgent(settingsApp, db, ['admin']);
    const dashboardEnd = async () => (await admin.get('/api/reports/dashboard').expect(200)).body.data.end_date;
    const tokyo13 = { slice: 'overview', filters: { from: '2026-03-13', to: '2026-03-13' } };
    expect(await dashboardEnd()).toBe('2026-03-12');
    await admin.put('/api/admin/settings/company').send({ name: 'Reports Test', timezone: 'Asia/Tokyo' }).expect(200);
    try {
      expect(await dashboardEnd()).toBe('2026-03-13');
      // 23:59 on 12 March and 00:01 on 13 March in New York are both 13 March in Tokyo.
      const moved = await admin.post('/api/reports/query').send(tokyo13).expect(200);
      expect(moved.body.data[0]).toMatchObject({ total_spend: '40.00', total_orders: 2 });
    } finally {
      await admin
        .put('/api/admin/settings/company')
        .send({ name: 'Reports Test', timezone: 'America/New_York' })
        .expect(200);
    }
    expect(await dashboardEnd()).toBe('2026-03-12');
    expect((await query(tokyo13).expect(200)).body.data[0]).toMatchObject({ total_spend: '30.00', total_orders: 1 });
  });

  it('moves days with the company timezone, and a rebuild agrees with the moved rollups', async () => {
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/Los_Angeles' });
    const response = await query({ slice: 'overview', filters: RANGE }).expect(200);
    // 00:01 on 10 March in New York is 9 March in Los Angeles; 00:01 on 13 March is 12 March.
    expect(response.body.data).toEqual([
      {
        total_spend: '46.50',
        total_orders: 4,
        avg_order_value: '11.63',
        total_units: 6,
        series_bucket: 'day',
        series: [
          { date: '2026-03-10', total_spend: '0.00', total_orders: 0 },
          { date: '2026-03-11', total_spend: '6.50', total_orders: 2 },
          { date: '2026-03-12', total_spend: '40.00', total_orders: 2 },
        ],
      },
    ]);
    const before = await rollups(db);
    const rebuilt = await rebuildReportRollups(testContext(db));
    expect(rebuilt.order_rows).toBe(before.orders.length);
    expect(rebuilt.orders_counted).toBe(Number((await db('orders').count({ n: '*' }))[0]!.n));
    expect(await rollups(db)).toEqual(before);
    await db('company_settings').where({ id: 1 }).update({ timezone: 'Not/AZone' });
    // An unknown zone falls back to the default one rather than breaking every order change.
    expect((await query({ slice: 'overview', filters: RANGE }).expect(200)).body.data[0].total_spend).toBe('42.00');
    await db('company_settings').where({ id: 1 }).update({ timezone: 'America/New_York' });
  });
});

async function rollups(db: Db) {
  return {
    orders: await db('report_daily_orders')
      .select(db.raw('day::text AS day'), 'state', 'order_count', 'units', 'spend')
      .orderBy(['day', 'state']),
    products: await db('report_daily_products')
      .select(db.raw('day::text AS day'), 'asin', 'title_snapshot', 'order_count', 'units', 'spend')
      .orderBy(['day', 'asin', 'title_snapshot']),
  };
}
