import type { CatalogCsvRow } from '../../contracts/catalog.js';

/** What the reconciliation needs to know of a product already in the database. */
export interface StoredProduct {
  asin: string;
  sku: string | null;
  title: string;
  description: string | null;
  manufacturer: string | null;
  vendor: string | null;
  category: string | null;
  price: string | null;
  amazon_price: string | null;
  product_url: string | null;
  amazon_url: string | null;
  unspsc: string | null;
  in_stock: boolean;
  specs: Record<string, string>;
  active: boolean;
}

/** The columns the CSV owns; everything else (image, timestamps) belongs to the portal. */
export type CatalogFields = Omit<StoredProduct, 'active'>;

export interface ReconciliationPlan {
  inserts: CatalogFields[];
  updates: CatalogFields[];
  reactivations: string[];
  deactivations: string[];
  protectedAsins: string[];
}

export function toCatalogFields(row: CatalogCsvRow): CatalogFields {
  return {
    asin: row.asin,
    sku: row.sku ?? null,
    title: row.title,
    description: row.description ?? null,
    manufacturer: row.manufacturer,
    vendor: row.vendor ?? null,
    category: row.category,
    price: row.price ?? null,
    amazon_price: row.amazon_price ?? null,
    product_url: row.product_url ?? null,
    amazon_url: row.amazon_url ?? null,
    unspsc: row.unspsc ?? null,
    in_stock: row.in_stock,
    specs: row.specs,
  };
}

/**
 * Bootstrap: upsert every CSV row by ASIN (only rows that differ count as upserted), reactivate
 * CSV rows that were switched off, and switch off active rows the CSV no longer has — unless an
 * unfinished order still needs them, in which case they are protected.
 */
export function planReconciliation(
  csvRows: readonly CatalogCsvRow[],
  stored: readonly StoredProduct[],
  asinsOnUnfinishedOrders: ReadonlySet<string>,
): ReconciliationPlan {
  const storedByAsin = new Map(stored.map((product) => [product.asin, product]));
  const csvAsins = new Set(csvRows.map((row) => row.asin));
  const plan: ReconciliationPlan = {
    inserts: [],
    updates: [],
    reactivations: [],
    deactivations: [],
    protectedAsins: [],
  };

  for (const row of csvRows) {
    const fields = toCatalogFields(row);
    const existing = storedByAsin.get(row.asin);
    if (!existing) plan.inserts.push(fields);
    else {
      if (!hasSameCatalogFields(existing, fields)) plan.updates.push(fields);
      if (!existing.active) plan.reactivations.push(row.asin);
    }
  }
  for (const product of stored) {
    if (!product.active || csvAsins.has(product.asin)) continue;
    if (asinsOnUnfinishedOrders.has(product.asin)) plan.protectedAsins.push(product.asin);
    else plan.deactivations.push(product.asin);
  }
  return plan;
}

export function hasSameCatalogFields(stored: CatalogFields, wanted: CatalogFields): boolean {
  return (Object.keys(wanted) as (keyof CatalogFields)[]).every((key) =>
    key === 'specs'
      ? sameSpecs(stored.specs, wanted.specs)
      : normaliseValue(stored[key]) === normaliseValue(wanted[key]),
  );
}

function normaliseValue(value: unknown): unknown {
  // Money arrives from PostgreSQL as '12.50' and from the CSV as '12.50'; compare as cents.
  if (typeof value === 'string' && /^\d+\.\d{2}$/.test(value)) return Math.round(Number(value) * 100);
  return value ?? null;
}

function sameSpecs(a: Record<string, string>, b: Record<string, string>): boolean {
  const keysA = Object.keys(a).sort();
  const keysB = Object.keys(b).sort();
  return keysA.length === keysB.length && keysA.every((key, index) => key === keysB[index] && a[key] === b[key]);
}

export interface ReseedCorrection {
  asin: string;
  title: string;
  price: string | null;
}

/** Reseed: the titles and prices in the database that differ from the CSV, for rows that exist. */
export function planReseed(csvRows: readonly CatalogCsvRow[], stored: readonly StoredProduct[]): ReseedCorrection[] {
  const storedByAsin = new Map(stored.map((product) => [product.asin, product]));
  const corrections: ReseedCorrection[] = [];
  for (const row of csvRows) {
    const existing = storedByAsin.get(row.asin);
    if (!existing) continue;
    const price = row.price ?? null;
    if (existing.title !== row.title || normaliseValue(existing.price) !== normaliseValue(price)) {
      corrections.push({ asin: row.asin, title: row.title, price });
    }
  }
  return corrections;
}

export interface AuditInput {
  csvAsins: readonly string[];
  activeAsins: readonly string[];
}

/** Audit comparison: what the CSV has that is not active, and what is active but not in the CSV. */
export function compareCatalog({ csvAsins, activeAsins }: AuditInput) {
  const active = new Set(activeAsins);
  const csv = new Set(csvAsins);
  const missingInDb = csvAsins.filter((asin) => !active.has(asin)).sort();
  const extraInDb = activeAsins.filter((asin) => !csv.has(asin)).sort();
  const isPerfect = missingInDb.length === 0 && extraInDb.length === 0 && active.size === csv.size;
  return { missingInDb, extraInDb, status: isPerfect ? ('perfect' as const) : ('warning' as const) };
}
