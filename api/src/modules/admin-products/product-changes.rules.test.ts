import { describe, expect, it } from '@jest/globals';

import { changedFields } from './product-changes.rules.js';

describe('changedFields (the audit of a product edit)', () => {
  const before = { title: 'Nitrile gloves M', price: '12.99', sku: 'GLV-M', category: null, min_shelf_life_days: 0 };

  it('names only the fields that changed, each old → new', () => {
    expect(changedFields(before, { ...before, price: '14.50', category: 'Gloves' })).toEqual({
      price: { from: '12.99', to: '14.50' },
      category: { from: null, to: 'Gloves' },
    });
  });

  it('is empty for a record sent back unchanged, with amounts compared by value', () => {
    expect(changedFields(before, { ...before, price: '12.990', min_shelf_life_days: 0 })).toEqual({});
  });

  it('ignores fields that were not sent, and records a cleared value as null', () => {
    expect(changedFields(before, { title: undefined, price: null })).toEqual({ price: { from: '12.99', to: null } });
  });

  it('compares lists (GTINs) by content', () => {
    const gtins = [{ gtin: '00312345678906', units: 1 }];
    expect(changedFields({ gtins }, { gtins: [{ gtin: '00312345678906', units: 1 }] })).toEqual({});
    expect(changedFields({ gtins }, { gtins: [] })).toEqual({ gtins: { from: gtins, to: [] } });
  });
});
