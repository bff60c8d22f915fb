import type { Db } from '../../database/connection.js';

/** The department of an account (none: null). */
export async function selectUserDepartmentId(db: Db, userId: string): Promise<string | null> {
  const row = await db('profiles').where({ user_id: userId }).first('department_id');
  return row?.department_id ?? null;
}

export interface MyLocationRow {
  id: string;
  name: string;
  department_id: string;
  department_name: string;
  item_count: number;
}

/**
 * Active locations a caller may count: those of `departmentId`, or every one when `departmentId`
 * is 'all' (admins). With `id`, that one location only.
 */
export function selectCountableLocations(
  db: Db,
  scope: { departmentId: string | null | 'all'; id?: string },
): Promise<MyLocationRow[]> {
  const query = db('locations as loc')
    .join('departments as d', 'd.id', 'loc.department_id')
    .where('loc.active', true)
    .select(
      'loc.id',
      'loc.name',
      'loc.department_id',
      'd.name as department_name',
      db.raw('(SELECT count(*)::int FROM location_stock_lines l WHERE l.location_id = loc.id) AS item_count'),
    )
    .orderBy([{ column: 'loc.name' }, { column: 'loc.id' }]);
  if (scope.departmentId === null) query.whereRaw('false');
  else if (scope.departmentId !== 'all') query.where('loc.department_id', scope.departmentId);
  if (scope.id) query.where('loc.id', scope.id);
  return query;
}

export interface StockItemRow {
  product_id: string;
  asin: string;
  title: string;
  image_url: string | null;
  price: string | null;
  amazon_price: string | null;
  par: number;
  reorder_point: number | null;
  pack_size: number;
}

/** The stock list in walking order, with what the catalogue says of each product. */
export function selectStockItems(db: Db, locationId: string): Promise<StockItemRow[]> {
  return db('location_stock_lines as l')
    .join('products as p', 'p.id', 'l.product_id')
    .where('l.location_id', locationId)
    .orderBy([{ column: 'l.position' }, { column: 'p.asin' }])
    .select(
      'l.product_id',
      'p.asin',
      'p.title',
      'p.image_url',
      'p.price',
      'p.amazon_price',
      'l.par',
      'l.reorder_point',
      'l.pack_size',
    );
}

/**
 * Records a count and its lines in one statement (a 500-item count is one round trip): the
 * lines travel as arrays, not as thousands of bound values.
 */
export async function insertCount(
  db: Db,
  count: { locationId: string; countedBy: string; countedAt: Date },
  lines: readonly {
    product_id: string;
    on_hand: number;
    par: number;
    reorder_point: number | null;
    pack_size: number;
    quantity: number;
  }[],
): Promise<string> {
  const column = <K extends keyof (typeof lines)[number]>(key: K) => lines.map((line) => line[key]);
  const { rows } = await db.raw<{ rows: { id: string }[] }>(
    `WITH saved AS (
       INSERT INTO location_counts (location_id, counted_by, counted_at) VALUES (?, ?, ?) RETURNING id
     ), saved_lines AS (
       INSERT INTO location_count_lines (count_id, product_id, on_hand, par, reorder_point, pack_size, quantity)
       SELECT saved.id, line.* FROM saved,
         unnest(?::uuid[], ?::int[], ?::int[], ?::int[], ?::int[], ?::int[]) AS line
     )
     SELECT id FROM saved`,
    [
      count.locationId,
      count.countedBy,
      count.countedAt,
      column('product_id'),
      column('on_hand'),
      column('par'),
      // pg sends null elements as SQL NULL; knex's binding type only lacks nullable arrays.
      column('reorder_point') as number[],
      column('pack_size'),
      column('quantity'),
    ],
  );
  return rows[0]!.id;
}

/** Whether the caller may count the location: active, and theirs (or every one for 'all'). */
export async function isCountableLocation(
  db: Db,
  scope: { departmentId: string | null | 'all'; id: string },
): Promise<boolean> {
  if (scope.departmentId === null) return false;
  const query = db('locations').where({ id: scope.id, active: true });
  if (scope.departmentId !== 'all') query.where('department_id', scope.departmentId);
  return (await query.first('id')) !== undefined;
}

/** Locks a count of this location for its add-to-cart (once). */
export function selectCountForUpdate(db: Db, locationId: string, countId: string): Promise<CountState | undefined> {
  return db('location_counts')
    .where({ id: countId, location_id: locationId })
    .forUpdate()
    .first('id', 'counted_by', 'added_to_cart_at', 'order_id');
}

export interface CountState {
  id: string;
  counted_by: string | null;
  added_to_cart_at: Date | null;
  /** The order its top-up became, if submitted as one. */
  order_id: string | null;
}

export function selectCount(db: Db, locationId: string, countId: string): Promise<CountState | undefined> {
  return db('location_counts')
    .where({ id: countId, location_id: locationId })
    .first('id', 'counted_by', 'added_to_cart_at', 'order_id');
}

/** Records the order a count's top-up became; only the first such order is kept. */
export async function markCountOrdered(db: Db, countId: string, orderId: string): Promise<void> {
  await db('location_counts').where({ id: countId }).whereNull('order_id').update({ order_id: orderId });
}

/** The lines a count topped up (quantity in packs), in the stock list's order. */
export function selectCountTopUp(db: Db, countId: string): Promise<{ asin: string; quantity: number }[]> {
  return db('location_count_lines as c')
    .join('products as p', 'p.id', 'c.product_id')
    .leftJoin('location_counts as lc', 'lc.id', 'c.count_id')
    .leftJoin('location_stock_lines as l', function joinLine() {
      this.on('l.location_id', 'lc.location_id').andOn('l.product_id', 'c.product_id');
    })
    .where('c.count_id', countId)
    .where('c.quantity', '>', 0)
    .orderBy([{ column: 'l.position' }, { column: 'p.asin' }])
    .select('p.asin', 'c.quantity');
}

export async function markCountAddedToCart(db: Db, countId: string, now: Date): Promise<void> {
  await db('location_counts').where({ id: countId }).update({ added_to_cart_at: now });
}

export interface ParReviewRow {
  asin: string;
  title: string;
  par: number;
  reorder_point: number | null;
  pack_size: number;
  counts: number;
  ordered_on_counts: number;
  min_on_hand: number | null;
  avg_on_hand: string | null;
  units_ordered: number;
}

/** Per current stock-list item, its counts at the location since `since` (walking order). */
export async function selectParReview(
  db: Db,
  locationId: string,
  since: Date,
): Promise<{ counts: number; rows: ParReviewRow[] }> {
  const [{ rows }, total] = await Promise.all([
    db.raw<{ rows: ParReviewRow[] }>(
      `SELECT p.asin, p.title, l.par, l.reorder_point, l.pack_size,
              count(c.count_id)::int AS counts,
              count(c.count_id) FILTER (WHERE c.quantity > 0)::int AS ordered_on_counts,
              min(c.on_hand) AS min_on_hand,
              round(avg(c.on_hand), 1) AS avg_on_hand,
              coalesce(sum(c.quantity * c.pack_size), 0)::int AS units_ordered
       FROM location_stock_lines l
       JOIN products p ON p.id = l.product_id
       LEFT JOIN location_counts lc ON lc.location_id = l.location_id AND lc.counted_at >= ?
       LEFT JOIN location_count_lines c ON c.count_id = lc.id AND c.product_id = l.product_id
       WHERE l.location_id = ?
       GROUP BY l.position, p.asin, p.title, l.par, l.reorder_point, l.pack_size
       ORDER BY l.position, p.asin`,
      [since, locationId],
    ),
    db('location_counts')
      .where('location_id', locationId)
      .where('counted_at', '>=', since)
      .count<{ count: number }[]>('* as count'),
  ]);
  return { counts: Number(total[0]?.count ?? 0), rows };
}

export interface LocationCountRow {
  id: string;
  counted_at: Date;
  counted_by: string | null;
  added_to_cart_at: Date | null;
  order_number: string | null;
  lines: { asin: string; title: string; on_hand: number; par: number; quantity: number }[];
}

/** The latest counts of a location with their lines (in the stock list's order) and the order each became. */
export async function selectLocationCounts(db: Db, locationId: string, limit: number): Promise<LocationCountRow[]> {
  const { rows } = await db.raw<{ rows: LocationCountRow[] }>(
    `SELECT lc.id, lc.counted_at, u.email AS counted_by, lc.added_to_cart_at, o.order_number,
            coalesce((SELECT json_agg(json_build_object('asin', p.asin, 'title', p.title, 'on_hand', c.on_hand,
                                                        'par', c.par, 'quantity', c.quantity)
                                      ORDER BY l.position NULLS LAST, p.asin)
                      FROM location_count_lines c
                      JOIN products p ON p.id = c.product_id
                      LEFT JOIN location_stock_lines l ON l.location_id = lc.location_id AND l.product_id = c.product_id
                      WHERE c.count_id = lc.id), '[]'::json) AS lines
     FROM location_counts lc
     LEFT JOIN users u ON u.id = lc.counted_by
     LEFT JOIN orders o ON o.id = lc.order_id
     WHERE lc.location_id = ?
     ORDER BY lc.counted_at DESC, lc.id
     LIMIT ?`,
    [locationId, limit],
  );
  return rows;
}
