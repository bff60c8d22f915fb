import { afterAll, describe, expect, it } from '@jest/globals';

import { openSharedTestDb } from '../test-support/test-context.js';
import { containsPattern, startsWithPattern } from './like-pattern.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

/** Whether PostgreSQL's ILIKE matches the value with the pattern built from the typed text. */
async function matches(value: string, pattern: string): Promise<boolean> {
  const result = await db.raw<{ rows: { hit: boolean }[] }>('SELECT ?::text ILIKE ?::text AS hit', [value, pattern]);
  return result.rows[0]?.hit ?? false;
}

describe('LIKE patterns built from typed text', () => {
  it.each([
    ['50% off', '50%', true],
    ['500 gloves', '50%', false],
    ['size_m', 'e_m', true],
    ['sizeam', 'e_m', false],
    ['C:\\temp', ':\\t', true],
    ['C:temp', ':\\t', false],
    ['Nitrile Gloves', 'GLOVE', true],
  ])('%s searched for %s: matches is %s', async (value, typed, expected) => {
    expect(await matches(value, containsPattern(typed))).toBe(expected);
  });

  it('a prefix filter matches values starting with the text, its wildcards taken literally', async () => {
    expect(await matches('order.approved', startsWithPattern('order.'))).toBe(true);
    expect(await matches('user.order.approved', startsWithPattern('order.'))).toBe(false);
    expect(await matches('order_x', startsWithPattern('order_'))).toBe(true);
    expect(await matches('orderax', startsWithPattern('order_'))).toBe(false);
    expect(await matches('anything', startsWithPattern('%'))).toBe(false);
  });
});
