import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { supplierScorecard } from '../reports/supplier-scorecard.service.js';
import { seedDemoData } from './demo.service.js';

describe('demo history', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  beforeAll(async () => {
    database = await createIsolatedDatabase();
  });
  afterAll(() => database.drop());

  it('gives every column of the supplier scorecard something to count on a fresh demo', async () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const ctx = { ...testContext(database.db), now: () => now };
    await seedDemoData(ctx);
    const { rows } = await supplierScorecard(ctx, { from: '2026-06-01', to: '2026-11-29' });
    const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
    expect(total((row) => row.orders_sent)).toBeGreaterThan(20);
    expect(total((row) => row.acknowledged_within_24h.count)).toBeGreaterThan(0);
    expect(total((row) => row.acknowledged_within_24h.of - row.acknowledged_within_24h.count)).toBeGreaterThan(0);
    expect(total((row) => row.lines_backordered.count)).toBeGreaterThan(0);
    expect(total((row) => row.lines_rejected.count)).toBeGreaterThan(0);
    expect(total((row) => row.price_changes.count)).toBeGreaterThan(0);
    expect(total((row) => row.fill_rate.of - row.fill_rate.count)).toBeGreaterThan(0);
    expect(total((row) => row.on_time.count)).toBeGreaterThan(0);
    expect(total((row) => row.on_time.of - row.on_time.count)).toBeGreaterThan(0);
    expect(total((row) => row.received_in_full)).toBeGreaterThan(0);
    expect(rows.some((row) => row.median_lead_time_days !== null)).toBe(true);
    expect(total((row) => row.invoices_matched_first_time.count)).toBeGreaterThan(0);
    expect(total((row) => row.invoice_exceptions.price)).toBeGreaterThan(0);
    expect(total((row) => row.invoice_exceptions.quantity)).toBeGreaterThan(0);
    expect(total((row) => row.perfect_orders.count)).toBeGreaterThan(0);

    // The history is the fulfilment the portal derives: every invoice that matched is covered by receipts.
    const overbilled = await database.db.raw(
      `SELECT il.id FROM invoice_lines il JOIN invoices i ON i.id = il.invoice_id
        WHERE i.status = 'matched' AND il.quantity > il.received_quantity`,
    );
    expect(overbilled.rows).toEqual([]);
  });
});
