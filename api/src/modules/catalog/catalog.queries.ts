import type { Db } from '../../database/connection.js';
import type { CatalogFields, ReseedCorrection, StoredProduct } from './catalog-reconcile.rules.js';

const STORED_COLUMNS = [
  'asin',
  'sku',
  'title',
  'description',
  'manufacturer',
  'vendor',
  'category',
  'price',
  'amazon_price',
  'product_url',
  'amazon_url',
  'unspsc',
  'in_stock',
  'specs',
  'active',
] as const;

export function selectStoredProducts(db: Db): Promise<StoredProduct[]> {
  return db('products').select(STORED_COLUMNS).orderBy('asin');
}

/** Products still needed by orders that are not finished (pending, approved or failed). */
export async function selectAsinsOnUnfinishedOrders(db: Db): Promise<Set<string>> {
  const rows: { asin: string }[] = await db('order_items')
    .distinct('order_items.asin')
    .join('orders', 'orders.id', 'order_items.order_id')
    .whereIn('orders.status', ['pending', 'approved', 'failed']);
  return new Set(rows.map((row) => row.asin));
}

export async function insertProducts(db: Db, products: CatalogFields[], now: Date): Promise<void> {
  if (products.length === 0) return;
  await db('products').insert(
    products.map((product) => ({
      ...product,
      specs: JSON.stringify(product.specs),
      active: true,
      created_at: now,
      updated_at: now,
    })),
  );
}

export async function updateCatalogFields(db: Db, product: CatalogFields, now: Date): Promise<void> {
  await db('products')
    .where({ asin: product.asin })
    .update({ ...product, specs: JSON.stringify(product.specs), updated_at: now });
}

export async function setActive(db: Db, asins: string[], active: boolean, now: Date): Promise<void> {
  if (asins.length === 0) return;
  await db('products').whereIn('asin', asins).update({ active, updated_at: now });
}

export async function applyReseedCorrection(db: Db, correction: ReseedCorrection, now: Date): Promise<void> {
  await db('products')
    .where({ asin: correction.asin })
    .update({ title: correction.title, price: correction.price, updated_at: now });
}

export async function countActiveProducts(db: Db): Promise<number> {
  const row = await db('products').where({ active: true }).count<{ count: number }>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

export async function countProducts(db: Db): Promise<{ total: number; active: number }> {
  const row = await db('products')
    .select(db.raw('count(*)::int AS total'), db.raw('count(*) FILTER (WHERE active)::int AS active'))
    .first<{ total: number; active: number }>();
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

export async function selectActiveAsins(db: Db): Promise<string[]> {
  const rows: { asin: string }[] = await db('products').where({ active: true }).select('asin');
  return rows.map((row) => row.asin);
}

export function selectSampleActiveProducts(db: Db, limit: number) {
  return db('products')
    .where({ active: true })
    .whereNotNull('asin')
    .select<{ asin: string; sku: string | null; title: string; price: string | null }[]>(
      'asin',
      'sku',
      'title',
      'price',
    )
    .orderBy('title')
    .limit(limit);
}

export function selectActiveCatalogForExport(db: Db) {
  return db('products')
    .where({ active: true })
    .select<{ asin: string; sku: string | null; title: string; price: string | null; amazon_url: string | null }[]>(
      'asin',
      'sku',
      'title',
      'price',
      'amazon_url',
    )
    .orderBy('title');
}

export interface ReconciliationRecord {
  source: 'bootstrap' | 'reseed';
  actor: string;
  csv_count: number;
  upserted_count: number;
  reactivated_count: number;
  deactivated_count: number;
  order_protected_count: number;
  corrected_count: number;
}

export async function insertReconciliation(db: Db, record: ReconciliationRecord, now: Date): Promise<void> {
  await db('catalog_reconciliations').insert({ ...record, ran_at: now });
}

export function selectLastReconciliation(db: Db, source: 'bootstrap' | 'reseed') {
  return db('catalog_reconciliations')
    .where({ source })
    .orderBy('ran_at', 'desc')
    .first<(ReconciliationRecord & { ran_at: Date }) | undefined>();
}

/** Serialises catalogue reconciliations across instances for the length of a transaction. */
export async function lockCatalogForReconciliation(db: Db): Promise<void> {
  await db.raw(`SELECT pg_advisory_xact_lock(hashtext('supply-hub:catalog-reconciliation'))`);
}
