import type { Db } from '../../database/connection.js';

/**
 * rate_limits rows (as rate-limiter-flexible writes them: key `${prefix}:${key}`, points, expire in ms)
 * of these keys still running at `now`, each with the points above which it pauses.
 */
export function selectRunningLimits(
  db: Db,
  groups: readonly { keys: string[]; points: number }[],
  now: number,
): Promise<{ key: string; expire: string }[]> {
  const conditions = groups.map(() => '(key = ANY(?::text[]) AND points > ?)');
  const values = groups.flatMap((group) => [group.keys, group.points]);
  return db('rate_limits')
    .whereRaw(`(${conditions.join(' OR ')})`, values)
    .where('expire', '>', now)
    .select<{ key: string; expire: string }[]>('key', 'expire');
}

/**
 * Ids of the accounts with a limit running at `now`: a group's key is `${prefix}:` and the account's
 * e-mail or id, and it pauses above `points`.
 */
export async function selectAccountsWithRunningLimits(
  db: Db,
  groups: readonly { prefix: string; keyColumn: 'email' | 'id'; points: number }[],
  now: number,
): Promise<string[]> {
  if (groups.length === 0) return [];
  const parts = groups.map(
    ({ keyColumn }) =>
      `SELECT users.id FROM users JOIN rate_limits AS r ON r.key = ? || users.${keyColumn === 'email' ? 'email' : 'id::text'}
       WHERE r.points > ? AND r.expire > ?`,
  );
  const bindings = groups.flatMap((group) => [`${group.prefix}:`, group.points, now]);
  const { rows } = (await db.raw(parts.join(' UNION '), bindings)) as { rows: { id: string }[] };
  return rows.map((row) => row.id);
}
