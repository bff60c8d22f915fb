import type { Db } from '../../database/connection.js';
import { THROTTLE_RULES } from './throttle-rules.js';
import { selectAccountsWithRunningLimits, selectRunningLimits } from './throttles.queries.js';

/** The throttles that pause one account's sign-in: password guesses from strangers, and codes. */
const ACCOUNT_RULES = [
  { rule: THROTTLE_RULES.signInAccount, keyColumn: 'email', keyOf: (user: { email: string }) => user.email },
  { rule: THROTTLE_RULES.mfaCode, keyColumn: 'id', keyOf: (user: { id: string }) => user.id },
] as const;

/**
 * Until when each of these accounts' sign-in is paused (absent: not paused), for the back office.
 * Reads rate_limits as rate-limiter-flexible writes it: key `${prefix}:${key}`, points, expire (ms).
 */
export async function selectSignInPauses(
  db: Db,
  users: readonly { id: string; email: string }[],
  now = Date.now(),
): Promise<Map<string, Date>> {
  if (users.length === 0) return new Map();
  const owners = new Map<string, string>();
  const groups = ACCOUNT_RULES.map(({ rule, keyOf }) => ({
    keys: users.map((user) => {
      const key = `${rule.name}:${keyOf(user)}`;
      owners.set(key, user.id);
      return key;
    }),
    points: rule.points,
  }));
  const rows = await selectRunningLimits(db, groups, now);
  const pauses = new Map<string, Date>();
  for (const row of rows) {
    const userId = owners.get(row.key);
    const until = new Date(Number(row.expire));
    const known = userId ? pauses.get(userId) : undefined;
    if (userId && (!known || until > known)) pauses.set(userId, until);
  }
  return pauses;
}

/** The ids of every account whose sign-in is paused now (the back office's "Sign-in paused" filter). */
export function selectPausedAccountIds(db: Db, now = Date.now()): Promise<string[]> {
  return selectAccountsWithRunningLimits(
    db,
    ACCOUNT_RULES.map(({ rule, keyColumn }) => ({ prefix: rule.name, keyColumn, points: rule.points })),
    now,
  );
}
