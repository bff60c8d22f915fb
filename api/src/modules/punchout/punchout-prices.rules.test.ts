import { describe, expect, it } from '@jest/globals';

import { isPriceDrop, priceDropsOf, type LastSupplierPrice } from './punchout-prices.rules.js';

describe('isPriceDrop', () => {
  it.each([
    // unit price, last price, tolerance %, is a drop
    ['0.01', '8.49', 2, true],
    ['8.32', '8.49', 2, true], // 2.002% below
    ['8.33', '8.49', 2, false], // 1.88% below
    ['9.80', '10.00', 2, false], // exactly the tolerance is within it
    ['9.79', '10.00', 2, true],
    ['9.79', '10.00', 2.5, false],
    ['9.74', '10.00', 2.5, true],
    ['10.00', '10.00', 0, false],
    ['9.99', '10.00', 0, true],
    ['12.00', '10.00', 2, false], // a rise is never a drop
    ['5.00', '10.00', 50, false],
    ['4.99', '10.00', 50, true],
    ['0.01', '0.00', 2, false], // no price to fall below
  ])('%s after %s with %s%% tolerance: %s', (unitPrice, lastPrice, tolerance, expected) => {
    expect(isPriceDrop(unitPrice, lastPrice, tolerance)).toBe(expected);
  });
});

describe('priceDropsOf', () => {
  const seen = new Date('2026-11-20T10:00:00Z');
  const last = (part: string, unit: string, price: string, order: string | null): LastSupplierPrice => ({
    supplier_part_id: part,
    unit_of_measure: unit,
    unit_price: price,
    order_number: order,
    seen_at: seen,
  });
  const lastPrices = [last('GLV', 'BX', '8.49', 'SO-0001'), last('GAUZE', 'PK', '5.20', null)];

  it.each([
    [
      'a drop below the last order',
      { supplier_part_id: 'GLV', unit_of_measure: 'BX', unit_price: '0.01' },
      lastPrices[0],
    ],
    ['the same price', { supplier_part_id: 'GLV', unit_of_measure: 'BX', unit_price: '8.49' }, null],
    ['another unit of the part', { supplier_part_id: 'GLV', unit_of_measure: 'CS', unit_price: '0.01' }, null],
    ['a part never seen', { supplier_part_id: 'NEW', unit_of_measure: 'EA', unit_price: '0.01' }, null],
    [
      'a drop below a returned cart',
      { supplier_part_id: 'GAUZE', unit_of_measure: 'PK', unit_price: '2.00' },
      lastPrices[1],
    ],
  ])('%s', (_case, line, expected) => {
    expect(priceDropsOf([line], lastPrices, 2)).toEqual([expected]);
  });

  it('answers line by line, in order', () => {
    const lines = [
      { supplier_part_id: 'GAUZE', unit_of_measure: 'PK', unit_price: '5.20' },
      { supplier_part_id: 'GLV', unit_of_measure: 'BX', unit_price: '1.00' },
    ];
    expect(priceDropsOf(lines, lastPrices, 2)).toEqual([null, lastPrices[0]]);
  });
});
