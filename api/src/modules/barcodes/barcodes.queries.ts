import type { ProductGtin } from '../../contracts/barcodes.js';
import type { Db } from '../../database/connection.js';

/** The GTINs of these products, smallest pack first. */
export async function selectGtinsOfProducts(
  db: Db,
  productIds: readonly string[],
): Promise<Map<string, ProductGtin[]>> {
  const byProduct = new Map<string, ProductGtin[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows: { product_id: string; gtin: string; units: number }[] = await db('product_gtins')
    .whereIn('product_id', productIds)
    .orderBy([{ column: 'units' }, { column: 'gtin' }])
    .select('product_id', 'gtin', 'units');
  for (const row of rows) byProduct.get(row.product_id)?.push({ gtin: row.gtin, units: row.units });
  return byProduct;
}

/** Which product holds each of these GTINs, if any. */
export function selectGtinOwners(
  db: Db,
  gtins: readonly string[],
): Promise<{ gtin: string; product_id: string; asin: string; title: string }[]> {
  if (gtins.length === 0) return Promise.resolve([]);
  return db('product_gtins')
    .join('products', 'products.id', 'product_gtins.product_id')
    .whereIn('product_gtins.gtin', gtins)
    .select('product_gtins.gtin', 'product_gtins.product_id', 'products.asin', 'products.title');
}

/** The product's levels become exactly these. */
export async function replaceProductGtins(
  db: Db,
  productId: string,
  gtins: readonly ProductGtin[],
  now: Date,
): Promise<void> {
  await db('product_gtins').where({ product_id: productId }).delete();
  if (gtins.length > 0) {
    await db('product_gtins').insert(gtins.map((gtin) => ({ ...gtin, product_id: productId, created_at: now })));
  }
}

/** The product a GTIN names, for a scan. */
export function selectScanTarget(
  db: Db,
  gtin: string,
): Promise<{ asin: string; title: string; units: number; active: boolean } | undefined> {
  return db('product_gtins')
    .join('products', 'products.id', 'product_gtins.product_id')
    .where('product_gtins.gtin', gtin)
    .first('products.asin', 'products.title', 'product_gtins.units', 'products.active');
}

export function selectProductsByAsins(
  db: Db,
  asins: readonly string[],
): Promise<{ id: string; asin: string; title: string }[]> {
  if (asins.length === 0) return Promise.resolve([]);
  return db('products').whereIn('asin', asins).select('id', 'asin', 'title');
}
