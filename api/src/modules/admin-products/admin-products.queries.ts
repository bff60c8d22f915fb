import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';
import { PRODUCT_COLUMNS, type ProductRow } from '../products/products.queries.js';

import { ADMIN_PRODUCT_SORTS } from '../../contracts/admin-products.js';

/** The catalogue's columns and what only the back office reads and edits. */
const ADMIN_PRODUCT_COLUMNS = [...PRODUCT_COLUMNS, 'min_shelf_life_days'] as const;
export type AdminProductRow = ProductRow & { min_shelf_life_days: number };

export interface AdminProductFilter {
  id?: string | string[];
  q?: string;
  category?: string;
  active?: boolean;
}

export async function selectProductsPage(
  db: Db,
  options: {
    filter: AdminProductFilter;
    sort: { field: (typeof ADMIN_PRODUCT_SORTS)[number]; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: AdminProductRow[]; total: number }> {
  const query = db('products');
  const { q, category, active, id } = options.filter;
  if (id) query.whereIn('id', Array.isArray(id) ? id : [id]);
  if (q) {
    const pattern = containsPattern(q);
    query.where((where) =>
      where
        .whereILike('title', pattern)
        .orWhereILike('asin', pattern)
        .orWhereILike('sku', pattern)
        .orWhereILike('category', pattern),
    );
  }
  if (category) query.where({ category });
  if (active !== undefined) query.where({ active });
  const column = options.sort.field === 'price' ? db.raw('coalesce(price, amazon_price)') : options.sort.field;
  const rows: (AdminProductRow & { total: number })[] = await query
    .select(...ADMIN_PRODUCT_COLUMNS, db.raw('count(*) OVER ()::int AS total'))
    .orderBy([{ column, order: options.sort.order, nulls: 'last' }, { column: 'asin' }])
    .offset(options.offset)
    .limit(options.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export function selectProductById(db: Db, id: string): Promise<AdminProductRow | undefined> {
  return db('products')
    .where({ id })
    .first(...ADMIN_PRODUCT_COLUMNS);
}

/** Whether another product (not `exceptId`) already has this SKU. */
export async function isSkuTaken(db: Db, sku: string, exceptId?: string): Promise<boolean> {
  const query = db('products').where({ sku });
  if (exceptId) query.whereNot({ id: exceptId });
  return (await query.first('id')) !== undefined;
}

export async function insertProduct(db: Db, row: Record<string, unknown>): Promise<string> {
  const [created] = await db('products').insert(row).returning<{ id: string }[]>('id');
  if (!created) throw new Error('insert into products returned nothing');
  return created.id;
}

export async function updateProductRow(db: Db, id: string, changes: Record<string, unknown>): Promise<void> {
  await db('products').where({ id }).update(changes);
}

/** Sets or clears a product's image (the stored object's public URL). */
export async function updateProductImage(db: Db, id: string, imageUrl: string | null, now: Date): Promise<void> {
  await db('products').where({ id }).update({ image_url: imageUrl, updated_at: now });
}
