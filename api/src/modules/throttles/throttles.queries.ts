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
