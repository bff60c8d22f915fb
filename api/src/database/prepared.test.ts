import { afterAll, describe, expect, it } from '@jest/globals';

import { openSharedTestDb } from '../test-support/test-context.js';
import { preparedRaw } from './prepared.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

/** The statement name the query runs under (pg prepares each name once per connection). */
function nameOf(query: ReturnType<typeof db.raw>): unknown {
  const name: unknown = (preparedRaw(query).toSQL().options as { name?: unknown }).name;
  expect(name).toEqual(expect.stringMatching(/^sh_/));
  return name;
}

describe('preparedRaw', () => {
  it('gives one statement name to every run of one text with plain values', async () => {
    const sql = 'SELECT ?::int + ?::int AS sum, ?::text AS label';
    expect(nameOf(db.raw(sql, [1, 2, 'a']))).toBe(nameOf(db.raw(sql, [40, 2, null])));
    const results = await Promise.all([
      preparedRaw(db.raw<{ rows: { sum: number }[] }>(sql, [1, 2, 'a'])),
      preparedRaw(db.raw<{ rows: { sum: number }[] }>(sql, [40, 2, 'b'])),
    ]);
    expect(results.map((result) => result.rows[0]?.sum)).toEqual([3, 42]);
  });

  it('names a text by its compiled SQL when a nested query, an identifier or a wrap changes that SQL', async () => {
    const nested = 'SELECT count(*)::int AS n FROM (?) AS v';
    const upTo = (last: number) => db.raw('SELECT generate_series(1, ?::int)', [last]);
    const unnest = (values: string) => db.raw(`SELECT unnest('{${values}}'::int[])`);
    expect(nameOf(db.raw(nested, [unnest('1,2')]))).not.toBe(nameOf(db.raw(nested, [unnest('1,2,3')])));
    const [two, three] = await Promise.all([
      preparedRaw(db.raw<{ rows: { n: number }[] }>(nested, [unnest('1,2')])),
      preparedRaw(db.raw<{ rows: { n: number }[] }>(nested, [unnest('1,2,3')])),
    ]);
    expect([two.rows[0]?.n, three.rows[0]?.n]).toEqual([2, 3]);
    expect(nameOf(db.raw(nested, [upTo(2)]))).toBe(nameOf(db.raw(nested, [upTo(5)])));
    const wrapped = 'SELECT ?::int AS n';
    expect(nameOf(db.raw(wrapped, [1]))).not.toBe(
      nameOf(db.raw(wrapped, [1]).wrap('SELECT n + 1 AS n FROM (', ') AS w')),
    );
    const column = 'SELECT ?? FROM (SELECT 1 AS a, 2 AS b) AS t';
    expect(nameOf(db.raw(column, ['a']))).not.toBe(nameOf(db.raw(column, ['b'])));
    const [a, b] = await Promise.all([
      preparedRaw(db.raw<{ rows: Record<string, number>[] }>(column, ['a'])),
      preparedRaw(db.raw<{ rows: Record<string, number>[] }>(column, ['b'])),
    ]);
    expect([a.rows[0], b.rows[0]]).toEqual([{ a: 1 }, { b: 2 }]);
  });
});
