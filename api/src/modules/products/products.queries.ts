import type { Knex } from 'knex';

import type { Product, ProductListQuery } from '../../contracts/products.js';
import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';
import { preparedRows } from '../../database/prepared.js';

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

function applySearch(query: Knex.QueryBuilder, q: string | undefined): Knex.QueryBuilder {
  if (!q) return query;
  const pattern = containsPattern(q);
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

/**
 * A Product (contracts/products.ts) as JSON text written by PostgreSQL, key for key and value for
 * value what toProduct() and JSON.stringify give: money as NUMERIC's text, updated_at as
 * Date#toISOString. row_to_json of a sub-select writes compact JSON with the keys in this order.
 */
const PRODUCT_JSON = `(SELECT row_to_json(product) FROM (SELECT
  products.id, products.asin, products.sku, products.title, products.description, products.manufacturer,
  products.vendor, products.category, products.image_url, products.product_url, products.amazon_url,
  products.amazon_price::text AS amazon_price, products.price::text AS price, products.in_stock, products.specs,
  products.active, to_char(products.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
) AS product)::text`;

/**
 * One page of active products as JSON texts, and the total, in one round trip. The catalogue page
 * is the storefront's busiest read: PostgreSQL writing the JSON spares Node parsing 17 columns of
 * 48 rows only to serialise them again.
 */
export async function selectActiveProductsJson(
  db: Db,
  query: ProductListQuery,
): Promise<{ products: string[]; total: number }> {
  const rows = await preparedRows<{ product: string; total: number }>(
    applySearch(db('products').where({ active: true }), query.q)
      .select(db.raw(`${PRODUCT_JSON} AS product`), db.raw('count(*) OVER ()::int AS total'))
      .orderByRaw(SORTS[query.sort])
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  );
  if (rows.length === 0 && query.page > 1) {
    const counted = await applySearch(db('products').where({ active: true }), query.q)
      .count<{ n: number }>({ n: '*' })
      .first();
    return { products: [], total: Number(counted?.n ?? 0) };
  }
  return { products: rows.map((row) => row.product), total: rows[0]?.total ?? 0 };
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
