import { describe, expect, it } from '@jest/globals';

import { demoLot, DEMO_LOTS_PER_LOCATION } from './demo-lots.rules.js';

describe('demo lots', () => {
  it('names each lot after its location and dates it from today, one already expired', () => {
    expect(demoLot('Pediatrics par cart', 0, '2026-11-30', 10)).toEqual({
      lot: 'DEMO-PED-01',
      expiry_date: '2026-11-26',
      quantity: 1,
    });
    expect(demoLot('Emergency store room', 1, '2026-11-30', 10)).toEqual({
      lot: 'DEMO-EME-02',
      expiry_date: '2026-12-09',
      quantity: 2,
    });
  });

  it('never receives more than is still to receive, nor more lots than planned', () => {
    expect(demoLot('Ward', 2, '2026-11-30', 1)?.quantity).toBe(1);
    expect(demoLot('Ward', 0, '2026-11-30', 0)).toBeNull();
    expect(demoLot('Ward', DEMO_LOTS_PER_LOCATION, '2026-11-30', 5)).toBeNull();
  });
});
