import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';

import type { LOCATION_SORTS } from '../../contracts/locations.js';

export interface LocationRow {
  id: string;
  name: string;
  department_id: string;
  active: boolean;
  item_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface StockLineRow {
  product_id: string;
  asin: string;
  par: number;
  reorder_point: number | null;
  pack_size: number;
}

export interface LocationFilter {
  q?: string;
  active?: boolean;
  department_id?: string;
  id?: string | string[];
}

const ITEM_COUNT = `(SELECT count(*)::int FROM location_stock_lines l WHERE l.location_id = locations.id) AS item_count`;

export async function selectLocationsPage(
  db: Db,
  options: {
    filter: LocationFilter;
    sort: { field: (typeof LOCATION_SORTS)[number]; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: LocationRow[]; total: number }> {
  const query = db('locations');
  const { q, active, department_id: departmentId, id } = options.filter;
  if (id) query.whereIn('id', Array.isArray(id) ? id : [id]);
  if (active !== undefined) query.where('active', active);
  if (departmentId) query.where('department_id', departmentId);
  if (q) query.whereILike('name', containsPattern(q));
  const rows: (LocationRow & { total: number })[] = await query
    .select('*', db.raw(ITEM_COUNT), db.raw('count(*) OVER ()::int AS total'))
    .orderBy([{ column: options.sort.field, order: options.sort.order }, { column: 'id' }])
    .offset(options.offset)
    .limit(options.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export function selectLocation(db: Db, id: string): Promise<LocationRow | undefined> {
  return db('locations').where({ id }).first('*', db.raw(ITEM_COUNT));
}

/** Locks the location for the rest of the transaction (edits, imports). */
export function selectLocationForUpdate(db: Db, id: string): Promise<Omit<LocationRow, 'item_count'> | undefined> {
  return db('locations').where({ id }).forUpdate().first();
}

/** The stock list in walking order. */
export function selectStockList(db: Db, locationId: string): Promise<StockLineRow[]> {
  return db('location_stock_lines as l')
    .join('products as p', 'p.id', 'l.product_id')
    .where('l.location_id', locationId)
    .orderBy([{ column: 'l.position' }, { column: 'p.asin' }])
    .select('l.product_id', 'p.asin', 'l.par', 'l.reorder_point', 'l.pack_size');
}

export function selectDepartmentExists(db: Db, id: string): Promise<{ id: string } | undefined> {
  return db('departments').where({ id }).first('id');
}

/** Product ids of the asins that are in the catalogue (active or not). */
export async function selectProductIds(db: Db, asins: readonly string[]): Promise<Map<string, string>> {
  const rows: { id: string; asin: string }[] = await db('products')
    .whereIn('asin', [...asins])
    .select('id', 'asin');
  return new Map(rows.map((row) => [row.asin, row.id]));
}

export async function insertLocation(
  db: Db,
  location: { name: string; department_id: string; active: boolean },
  now: Date,
): Promise<string> {
  const [row] = await db('locations')
    .insert({
      name: location.name,
      department_id: location.department_id,
      active: location.active,
      created_at: now,
      updated_at: now,
    })
    .returning<{ id: string }[]>('id');
  return row!.id;
}

export async function updateLocation(
  db: Db,
  id: string,
  location: { name: string; department_id: string; active: boolean },
  now: Date,
): Promise<void> {
  await db('locations')
    .where({ id })
    .update({ name: location.name, department_id: location.department_id, active: location.active, updated_at: now });
}

export interface StockLineWrite {
  product_id: string;
  par: number;
  reorder_point: number | null;
  pack_size: number;
}

/** The stock list becomes exactly these lines, in this order. */
export async function replaceStockList(db: Db, locationId: string, lines: readonly StockLineWrite[]): Promise<void> {
  await db('location_stock_lines').where({ location_id: locationId }).delete();
  if (lines.length === 0) return;
  await db('location_stock_lines').insert(
    lines.map((line, position) => ({ location_id: locationId, position, ...line })),
  );
}

/** Adds or changes lines; new ones go to the end of the walk, in the given order. */
export async function upsertStockLines(db: Db, locationId: string, lines: readonly StockLineWrite[]): Promise<void> {
  if (lines.length === 0) return;
  const last = await db('location_stock_lines')
    .where({ location_id: locationId })
    .max<{ max: number | null }>('position as max')
    .first();
  const start = (last?.max ?? -1) + 1;
  await db('location_stock_lines')
    .insert(lines.map((line, index) => ({ location_id: locationId, position: start + index, ...line })))
    .onConflict(['location_id', 'product_id'])
    .merge(['par', 'reorder_point', 'pack_size']);
}

export async function touchLocation(db: Db, id: string, now: Date): Promise<void> {
  await db('locations').where({ id }).update({ updated_at: now });
}
