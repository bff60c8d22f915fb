import { describe, expect, it } from '@jest/globals';

import { shippingAddressSchema } from './me.js';
import { US_STATES, isUsStateCode, usStateLabel } from './us-states.js';

const address = { full_name: 'Dr. A', street_line1: '1 Main St', city: 'Boston', postal_code: '02118' };

describe('US states', () => {
  it('lists the 50 states, DC and 5 territories, each with a unique 2-letter code', () => {
    expect(US_STATES).toHaveLength(56);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(56);
    expect(US_STATES.every((state) => /^[A-Z]{2}$/.test(state.code))).toBe(true);
    expect(usStateLabel({ code: 'MA', name: 'Massachusetts' })).toBe('Massachusetts (MA)');
  });

  const cases: [Record<string, string>, boolean][] = [
    [{ state: 'MA' }, true],
    [{ state: 'ma' }, true],
    [{ state: 'PR' }, true],
    [{ state: 'Mass' }, false],
    [{ state: 'ZZ' }, false],
    [{ state: '' }, false],
    [{ state: 'ON', country: 'CA' }, true],
  ];
  it.each(cases)('a shipping address with %j is valid: %s', (fields, isValid) => {
    expect(shippingAddressSchema.safeParse({ ...address, ...fields }).success).toBe(isValid);
    if (fields.state && !fields.country) expect(isUsStateCode(fields.state.toUpperCase())).toBe(isValid);
  });

  it('says what is wrong with a US address’s state', () => {
    const unknown = shippingAddressSchema.safeParse({ ...address, state: 'ZZ' });
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual(['Choose a US state']);
    const empty = shippingAddressSchema.safeParse({ ...address, state: '' });
    expect(empty.error?.issues[0]?.message).toBe('State is required');
  });
});
