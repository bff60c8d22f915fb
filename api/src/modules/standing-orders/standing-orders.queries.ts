import type { Db } from '../../database/connection.js';
import type { StandingScheduleInput } from '../../contracts/standing-orders.js';

export interface StandingOrderRow {
  id: string;
  user_id: string;
  name: string;
  schedule: StandingScheduleInput;
  start_date: string;
  end_date: string | null;
  paused: boolean;
  /** Set by an administrator for a ward location; null for the owner's own. */
  location_id: string | null;
  location_name: string | null;
  delivery_note: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'user_id',
  'name',
  'schedule',
  'paused',
  'location_id',
  'delivery_note',
  'created_at',
  'updated_at',
].map((column) => `standing_orders.${column}`);

function selectOrders(db: Db) {
  return db('standing_orders')
    .leftJoin('locations as standing_location', 'standing_location.id', 'standing_orders.location_id')
    .select(
      ...COLUMNS,
      'standing_location.name as location_name',
      db.raw(`to_char(standing_orders.start_date, 'YYYY-MM-DD') AS start_date`),
      db.raw(`to_char(standing_orders.end_date, 'YYYY-MM-DD') AS end_date`),
    );
}

/** A page of the standing orders set for locations, with their requester's e-mail (the back office list). */
export async function selectLocationStandingOrdersPage(
  db: Db,
  options: {
    filter: { location_id?: string | undefined; id?: string | string[] | undefined };
    sort: { field: 'created_at' | 'name'; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: LocationStandingOrderRow[]; total: number }> {
  const query = selectLocationStandingOrders(db);
  const { location_id: locationId, id } = options.filter;
  if (locationId) void query.where('standing_orders.location_id', locationId);
  if (id) void query.whereIn('standing_orders.id', Array.isArray(id) ? id : [id]);
  const rows: (LocationStandingOrderRow & { total: number })[] = await query
    .select(db.raw('count(*) OVER ()::int AS total'))
    .orderBy([
      { column: `standing_orders.${options.sort.field}`, order: options.sort.order },
      { column: 'standing_orders.id' },
    ])
    .offset(options.offset)
    .limit(options.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export type LocationStandingOrderRow = StandingOrderRow & { email: string };

function selectLocationStandingOrders(db: Db) {
  return selectOrders(db)
    .join('users', 'users.id', 'standing_orders.user_id')
    .select('users.email')
    .whereNotNull('standing_orders.location_id');
}

export function selectLocationStandingOrder(db: Db, id: string): Promise<LocationStandingOrderRow | undefined> {
  return selectLocationStandingOrders(db).where('standing_orders.id', id).first();
}

export function selectStandingOrdersOf(db: Db, userId: string): Promise<StandingOrderRow[]> {
  return selectOrders(db).where('standing_orders.user_id', userId).orderBy('standing_orders.created_at');
}

export function selectStandingOrder(db: Db, id: string): Promise<StandingOrderRow | undefined> {
  return selectOrders(db).where('standing_orders.id', id).first();
}

/** Active standing orders (not paused, not ended before `today`) with their owners' e-mail. */
export function selectActiveStandingOrders(db: Db, today: string): Promise<(StandingOrderRow & { email: string })[]> {
  return selectOrders(db)
    .join('users', 'users.id', 'standing_orders.user_id')
    .select('users.email')
    .where('standing_orders.paused', false)
    .andWhere((query) => query.whereNull('standing_orders.end_date').orWhere('standing_orders.end_date', '>=', today))
    .andWhere('standing_orders.start_date', '<=', today);
}

export async function selectLinesOf(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { asin: string; title: string | null; quantity: number }[]>> {
  const byOrder = new Map<string, { asin: string; title: string | null; quantity: number }[]>(
    ids.map((id) => [id, []]),
  );
  if (ids.length === 0) return byOrder;
  const rows: { standing_order_id: string; asin: string; title: string | null; quantity: number }[] = await db(
    'standing_order_lines as l',
  )
    .leftJoin('products as p', 'p.asin', 'l.asin')
    .whereIn('l.standing_order_id', ids)
    .orderBy(['l.standing_order_id', 'l.position'])
    .select('l.standing_order_id', 'l.asin', 'p.title', 'l.quantity');
  for (const row of rows) {
    byOrder.get(row.standing_order_id)?.push({ asin: row.asin, title: row.title, quantity: row.quantity });
  }
  return byOrder;
}

export async function selectRecentOccurrences(
  db: Db,
  ids: readonly string[],
  perOrder = 5,
): Promise<
  Map<
    string,
    { date: string; status: 'claimed' | 'ordered' | 'skipped'; order_id: string | null; reason: string | null }[]
  >
> {
  const byOrder = new Map<
    string,
    { date: string; status: 'claimed' | 'ordered' | 'skipped'; order_id: string | null; reason: string | null }[]
  >(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOrder;
  const { rows } = await db.raw<{
    rows: {
      standing_order_id: string;
      date: string;
      status: 'claimed' | 'ordered' | 'skipped';
      order_id: string | null;
      reason: string | null;
    }[];
  }>(
    `SELECT standing_order_id, to_char(occurrence_date, 'YYYY-MM-DD') AS date, status, order_id, reason
     FROM (SELECT o.*, row_number() OVER (PARTITION BY standing_order_id ORDER BY occurrence_date DESC) AS n
           FROM standing_order_occurrences o WHERE standing_order_id = ANY(?)) AS ranked
     WHERE n <= ? ORDER BY standing_order_id, date DESC`,
    [[...ids], perOrder],
  );
  for (const row of rows) {
    const { standing_order_id: id, ...occurrence } = row;
    byOrder.get(id)?.push(occurrence);
  }
  return byOrder;
}

export interface StandingOrderWrite {
  name: string;
  schedule: StandingScheduleInput;
  start_date: string;
  end_date: string | null;
  lines: { asin: string; quantity: number }[];
  delivery_note?: string | null;
}

export async function insertStandingOrder(
  db: Db,
  userId: string,
  write: StandingOrderWrite & { location_id?: string | null; created_by?: string | null },
  now: Date,
): Promise<string> {
  const { lines, schedule, ...columns } = write;
  const [row] = await db('standing_orders')
    .insert({ ...columns, schedule: JSON.stringify(schedule), user_id: userId, created_at: now, updated_at: now })
    .returning<{ id: string }[]>('id');
  await replaceLines(db, row!.id, lines);
  return row!.id;
}

export async function updateStandingOrder(
  db: Db,
  id: string,
  write: StandingOrderWrite & { user_id?: string; location_id?: string; paused?: boolean },
  now: Date,
): Promise<void> {
  const { lines, schedule, ...columns } = write;
  await db('standing_orders')
    .where({ id })
    .update({ ...columns, schedule: JSON.stringify(schedule), updated_at: now });
  await replaceLines(db, id, lines);
}

async function replaceLines(db: Db, id: string, lines: readonly { asin: string; quantity: number }[]): Promise<void> {
  await db('standing_order_lines').where({ standing_order_id: id }).delete();
  await db('standing_order_lines').insert(
    lines.map((line, position) => ({ standing_order_id: id, position, asin: line.asin, quantity: line.quantity })),
  );
}

export async function setPaused(db: Db, id: string, paused: boolean, now: Date): Promise<void> {
  await db('standing_orders').where({ id }).update({ paused, updated_at: now });
}

export async function selectKnownAsins(db: Db, asins: readonly string[]): Promise<string[]> {
  if (asins.length === 0) return [];
  return db('products').whereIn('asin', asins).where({ active: true }).pluck('asin');
}

/**
 * Claims an occurrence: the one row per standing order and date. False when another run (this
 * instance earlier, another instance now) has it already — unless that claim was left unfinished
 * longer than `staleBefore` ago (a crash between the claim and the order), which is taken over.
 */
export async function claimOccurrence(
  db: Db,
  standingOrderId: string,
  date: string,
  now: Date,
  staleBefore: Date,
): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { id: string }[] }>(
    `INSERT INTO standing_order_occurrences (standing_order_id, occurrence_date, status, created_at)
     VALUES (?, ?, 'claimed', ?)
     ON CONFLICT (standing_order_id, occurrence_date) DO UPDATE SET created_at = EXCLUDED.created_at
       WHERE standing_order_occurrences.status = 'claimed' AND standing_order_occurrences.created_at < ?
     RETURNING id`,
    [standingOrderId, date, now, staleBefore],
  );
  return rows.length > 0;
}

export async function finishOccurrence(
  db: Db,
  standingOrderId: string,
  date: string,
  outcome: { status: 'ordered' | 'skipped'; order_id: string | null; reason: string | null },
  now: Date,
): Promise<void> {
  await db('standing_order_occurrences')
    .where({ standing_order_id: standingOrderId, occurrence_date: date })
    .update({ ...outcome, finished_at: now });
}

export function selectOwnerRoles(db: Db, userId: string): Promise<string[]> {
  return db('user_roles').where({ user_id: userId }).pluck('role');
}

/** The company's time zone, as budgets and reports read it. */
export async function selectCompanyTimezone(db: Db): Promise<string> {
  const { rows } = await db.raw<{ rows: { timezone: string }[] }>('SELECT report_company_timezone() AS timezone');
  return rows[0]?.timezone ?? 'UTC';
}

/** Who may be a location standing order's requester: active, approved, in the location's department, and their roles. */
export async function selectWardRequester(
  db: Db,
  userId: string,
  departmentId: string,
): Promise<{ email: string; roles: string[] } | undefined> {
  const user = await db('users')
    .join('profiles', 'profiles.user_id', 'users.id')
    .where({ 'users.id': userId, 'users.status': 'active', 'profiles.department_id': departmentId })
    .where('profiles.onboarding_approved', true)
    .first('users.email');
  if (!user) return undefined;
  return { email: user.email as string, roles: await selectOwnerRoles(db, userId) };
}

/** The active, approved members of a department with their roles, by e-mail. */
export async function selectWardMembers(
  db: Db,
  departmentId: string,
): Promise<{ id: string; email: string; first_name: string | null; last_name: string | null; roles: string[] }[]> {
  return db('users')
    .join('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .where({ 'users.status': 'active', 'profiles.department_id': departmentId, 'profiles.onboarding_approved': true })
    .groupBy('users.id', 'users.email', 'profiles.first_name', 'profiles.last_name')
    .orderBy('users.email')
    .select(
      'users.id',
      'users.email',
      'profiles.first_name',
      'profiles.last_name',
      db.raw("coalesce(array_agg(user_roles.role) FILTER (WHERE user_roles.role IS NOT NULL), '{}') AS roles"),
    );
}

export function selectLocationForStanding(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; department_id: string; active: boolean } | undefined> {
  return db('locations').where({ id }).first('id', 'name', 'department_id', 'active');
}
