import { describe, expect, it } from '@jest/globals';

import {
  repeatedCountAsins,
  topUpLines,
  topUpPacks,
  unknownCountAsins,
  type StockListLine,
} from './par-levels.rules.js';

const line = (overrides: Partial<StockListLine> = {}): StockListLine => ({
  asin: 'B000GAUZE1',
  par: 20,
  reorder_point: null,
  pack_size: 1,
  ...overrides,
});

describe('topUpPacks: max(0, par − on hand) in units, rounded up to whole packs', () => {
  it.each([
    { case: 'each-packed item below par', par: 20, pack: 1, onHand: 5, packs: 15 },
    { case: 'exactly at par', par: 20, pack: 1, onHand: 20, packs: 0 },
    { case: 'above par never orders a negative quantity', par: 20, pack: 1, onHand: 35, packs: 0 },
    { case: 'nothing on hand', par: 20, pack: 1, onHand: 0, packs: 20 },
    { case: '13 units missing in packs of 10 round up to 2 packs', par: 20, pack: 10, onHand: 7, packs: 2 },
    { case: '10 units missing in packs of 10 are exactly 1 pack', par: 20, pack: 10, onHand: 10, packs: 1 },
    { case: '1 unit missing still orders a whole pack', par: 100, pack: 50, onHand: 99, packs: 1 },
    { case: 'a pack larger than par', par: 4, pack: 12, onHand: 0, packs: 1 },
  ])('$case: par $par, pack $pack, on hand $onHand → $packs packs', ({ par, pack, onHand, packs }) => {
    expect(topUpPacks(line({ par, pack_size: pack }), onHand)).toBe(packs);
  });

  it.each([
    { onHand: 6, packs: 0, why: 'above the reorder point: skipped' },
    { onHand: 5, packs: 15, why: 'equal to the reorder point: ordered up to par' },
    { onHand: 4, packs: 16, why: 'below the reorder point: ordered up to par' },
  ])('with a reorder point of 5, on hand $onHand → $packs ($why)', ({ onHand, packs }) => {
    expect(topUpPacks(line({ reorder_point: 5 }), onHand)).toBe(packs);
  });

  it('a reorder point of 0 orders only when the shelf is empty', () => {
    expect(topUpPacks(line({ reorder_point: 0 }), 1)).toBe(0);
    expect(topUpPacks(line({ reorder_point: 0 }), 0)).toBe(20);
  });
});

describe('topUpLines', () => {
  const stockList = [
    line({ asin: 'A', par: 20 }),
    line({ asin: 'B', par: 10, reorder_point: 3 }),
    line({ asin: 'C', par: 30, pack_size: 12 }),
    line({ asin: 'D', par: 5 }),
  ];

  it('answers the counted items that need a pack, in stock-list order, skipping uncounted items', () => {
    const counts = [
      { asin: 'C', on_hand: 5 },
      { asin: 'B', on_hand: 4 },
      { asin: 'A', on_hand: 5 },
    ];
    expect(topUpLines(stockList, counts)).toEqual([
      { asin: 'A', quantity: 15 },
      { asin: 'C', quantity: 3 },
    ]);
  });

  it('answers no lines when everything is at par', () => {
    expect(topUpLines(stockList, [{ asin: 'A', on_hand: 20 }])).toEqual([]);
  });

  it('names counted asins not on the list, and asins counted twice', () => {
    const counts = [
      { asin: 'A', on_hand: 1 },
      { asin: 'Z', on_hand: 1 },
      { asin: 'A', on_hand: 2 },
      { asin: 'Z', on_hand: 3 },
    ];
    expect(unknownCountAsins(stockList, counts)).toEqual(['Z']);
    expect(repeatedCountAsins(counts)).toEqual(['A', 'Z']);
  });

  it('computes a 500-item list quickly (the bench measures it over HTTP)', () => {
    const big = Array.from({ length: 500 }, (_, index) => line({ asin: `A${index}`, par: 50, pack_size: 6 }));
    const counts = big.map((item, index) => ({ asin: item.asin, on_hand: index % 60 }));
    const lines = topUpLines(big, counts);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((result) => result.quantity >= 1)).toBe(true);
  });
});
