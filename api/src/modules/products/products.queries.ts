import type { Knex } from 'knex';

import type { Product, ProductListQuery } from '../../contracts/products.js';
import type { Db } from '../../database/connection.js';

export const PRODUCT_COLUMNS = [
  'id',
  'asin',
  'sku',
  'title',
  'description',
  'manufacturer',
  'vendor',
  'category',
  'image_url',
  'product_url',
  'amazon_url',
  'amazon_price',
  'price',
  'in_stock',
  'specs',
  'active',
  'updated_at',
] as const;

export type ProductRow = Omit<Product, 'updated_at'> & { updated_at: Date };

/** LIKE patterns match literally: the user's % and _ are escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function applySearch(query: Knex.QueryBuilder, q: string | undefined): Knex.QueryBuilder {
  if (!q) return query;
  const pattern = likePattern(q);
  return query.where((where) =>
    where
      .whereILike('title', pattern)
      .orWhereILike('asin', pattern)
      .orWhereILike('sku', pattern)
      .orWhereILike('category', pattern),
  );
}

const SORTS: Record<ProductListQuery['sort'], string> = {
  title: 'title ASC, asin ASC',
  'price-high': 'coalesce(price, amazon_price) DESC NULLS LAST, title ASC, asin ASC',
  'price-low': 'coalesce(price, amazon_price) ASC NULLS LAST, title ASC, asin ASC',
  category: 'category ASC NULLS LAST, title ASC, asin ASC',
};

/** One page of active products and the total, in one round trip. */
export async function selectActiveProducts(
  db: Db,
  query: ProductListQuery,
): Promise<{ rows: ProductRow[]; total: number }> {
  const rows: (ProductRow & { total: number })[] = await applySearch(db('products').where({ active: true }), query.q)
    .select(...PRODUCT_COLUMNS, db.raw('count(*) OVER ()::int AS total'))
    .orderByRaw(SORTS[query.sort])
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  if (rows.length === 0 && query.page > 1) {
    const counted = await applySearch(db('products').where({ active: true }), query.q)
      .count<{ n: number }>({ n: '*' })
      .first();
    return { rows: [], total: Number(counted?.n ?? 0) };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export function selectProductByAsin(db: Db, asin: string): Promise<ProductRow | undefined> {
  return db('products')
    .where({ asin })
    .first(...PRODUCT_COLUMNS);
}

export function selectProductsByAsins(db: Db, asins: readonly string[]): Promise<ProductRow[]> {
  return db('products')
    .whereIn('asin', [...asins])
    .select(...PRODUCT_COLUMNS);
}
