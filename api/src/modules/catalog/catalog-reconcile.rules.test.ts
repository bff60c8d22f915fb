import { describe, expect, it } from '@jest/globals';

import type { CatalogCsvRow } from '../../contracts/catalog.js';
import {
  compareCatalog,
  planReconciliation,
  planReseed,
  toCatalogFields,
  type StoredProduct,
} from './catalog-reconcile.rules.js';

function csvRow(asin: string, overrides: Partial<CatalogCsvRow> = {}): CatalogCsvRow {
  return {
    asin,
    sku: `SKU-${asin}`,
    title: `Title ${asin}`,
    manufacturer: 'Medline',
    category: 'Wound Care',
    price: '10.00',
    in_stock: true,
    specs: { Size: 'M' },
    ...overrides,
  };
}

function stored(asin: string, overrides: Partial<StoredProduct> = {}): StoredProduct {
  return { ...toCatalogFields(csvRow(asin)), active: true, ...overrides };
}

describe('planReconciliation', () => {
  it('inserts new rows and leaves identical ones alone', () => {
    const plan = planReconciliation([csvRow('B000000001'), csvRow('B000000002')], [stored('B000000001')], new Set());
    expect(plan.inserts.map((p) => p.asin)).toEqual(['B000000002']);
    expect(plan.updates).toEqual([]);
  });

  it('updates rows whose CSV fields differ and reactivates inactive CSV rows', () => {
    const plan = planReconciliation(
      [csvRow('B000000001', { price: '12.00' }), csvRow('B000000002')],
      [stored('B000000001'), stored('B000000002', { active: false })],
      new Set(),
    );
    expect(plan.updates.map((p) => p.asin)).toEqual(['B000000001']);
    expect(plan.reactivations).toEqual(['B000000002']);
  });

  it('deactivates active rows missing from the CSV unless an unfinished order protects them', () => {
    const plan = planReconciliation(
      [csvRow('B000000001')],
      [stored('B000000001'), stored('manual-1'), stored('manual-2'), stored('manual-3', { active: false })],
      new Set(['manual-2']),
    );
    expect(plan.deactivations).toEqual(['manual-1']);
    expect(plan.protectedAsins).toEqual(['manual-2']);
  });

  it('treats money 10 and 10.00 and specs in another key order as the same', () => {
    const plan = planReconciliation(
      [csvRow('B000000001', { specs: { A: '1', B: '2' } })],
      [stored('B000000001', { price: '10.00', specs: { B: '2', A: '1' } })],
      new Set(),
    );
    expect(plan.updates).toEqual([]);
  });
});

describe('planReseed', () => {
  it('corrects only titles and prices that differ, for products that exist', () => {
    const corrections = planReseed(
      [csvRow('B000000001'), csvRow('B000000002', { price: undefined }), csvRow('B000000003')],
      [stored('B000000001', { title: 'Old title' }), stored('B000000002', { price: '3.00' })],
    );
    expect(corrections).toEqual([
      { asin: 'B000000001', title: 'Title B000000001', price: '10.00' },
      { asin: 'B000000002', title: 'Title B000000002', price: null },
    ]);
  });
});

describe('compareCatalog', () => {
  it('is perfect only when the active set equals the CSV', () => {
    expect(compareCatalog({ csvAsins: ['A', 'B'], activeAsins: ['B', 'A'] }).status).toBe('perfect');
    expect(compareCatalog({ csvAsins: ['A', 'B'], activeAsins: ['A', 'C'] })).toEqual({
      missingInDb: ['B'],
      extraInDb: ['C'],
      status: 'warning',
    });
  });
});
