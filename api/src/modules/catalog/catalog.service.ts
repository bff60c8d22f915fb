import { readFile } from 'node:fs/promises';

import type { CatalogAudit, CatalogCsvRow } from '../../contracts/catalog.js';
import type { ServiceContext } from '../../context.js';
import { recordAudit } from '../audit/audit.service.js';
import { CatalogCsvError, parseCatalogCsv } from './catalog-csv.rules.js';
import { compareCatalog, planReconciliation, planReseed } from './catalog-reconcile.rules.js';
import * as queries from './catalog.queries.js';

export interface ReconciliationResult {
  dry_run: boolean;
  csv_count: number;
  inserted_count: number;
  upserted_count: number;
  reactivated_count: number;
  deactivated_count: number;
  order_protected_count: number;
  db_active_count: number;
}

export async function readCatalogCsv(ctx: ServiceContext): Promise<CatalogCsvRow[]> {
  let text: string;
  try {
    text = await readFile(ctx.config.catalogCsvPath, 'utf8');
  } catch (error) {
    throw new CatalogCsvError(`cannot read ${ctx.config.catalogCsvPath}: ${(error as Error).message}`);
  }
  return parseCatalogCsv(text);
}

/**
 * Brings the products table in line with the catalogue CSV in one transaction (decisions.md,
 * Catalogue). Safe to run any number of times: a second run changes nothing.
 */
export async function bootstrapCatalog(
  ctx: ServiceContext,
  options: { dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<ReconciliationResult> {
  const csvRows = await readCatalogCsv(ctx);
  const now = ctx.now();
  return ctx.db.transaction(async (trx) => {
    await queries.lockCatalogForReconciliation(trx);
    const stored = await queries.selectStoredProducts(trx);
    const plan = planReconciliation(csvRows, stored, await queries.selectAsinsOnUnfinishedOrders(trx));
    const result: ReconciliationResult = {
      dry_run: options.dryRun ?? false,
      csv_count: csvRows.length,
      inserted_count: plan.inserts.length,
      upserted_count: plan.inserts.length + plan.updates.length,
      reactivated_count: plan.reactivations.length,
      deactivated_count: plan.deactivations.length,
      order_protected_count: plan.protectedAsins.length,
      db_active_count: 0,
    };
    if (options.dryRun) {
      const activeNow = stored.filter((product) => product.active).length;
      result.db_active_count = activeNow + plan.inserts.length + plan.reactivations.length - plan.deactivations.length;
      return result;
    }
    const total = plan.inserts.length + plan.updates.length;
    options.onProgress?.(0, total);
    await queries.insertProducts(trx, plan.inserts, now);
    options.onProgress?.(plan.inserts.length, total);
    for (const [index, product] of plan.updates.entries()) {
      await queries.updateCatalogFields(trx, product, now);
      options.onProgress?.(plan.inserts.length + index + 1, total);
    }
    await queries.setActive(trx, plan.reactivations, true, now);
    await queries.setActive(trx, plan.deactivations, false, now);
    const hasChanges = result.upserted_count + result.reactivated_count + result.deactivated_count > 0;
    result.db_active_count = await queries.countActiveProducts(trx);
    if (!hasChanges) return result;
    await queries.insertReconciliation(
      trx,
      {
        source: 'bootstrap',
        actor: ctx.actor.label,
        csv_count: result.csv_count,
        upserted_count: result.upserted_count,
        reactivated_count: result.reactivated_count,
        deactivated_count: result.deactivated_count,
        order_protected_count: result.order_protected_count,
        corrected_count: 0,
      },
      now,
    );
    await recordAudit(ctx, { action: 'catalog.bootstrap', targetType: 'catalog', details: { ...result } }, trx);
    return result;
  });
}

export interface ReseedResult {
  dry_run: boolean;
  csv_count: number;
  corrected_count: number;
  corrections: { asin: string; title: string; price: string | null }[];
}

/** Nightly reseed: titles and prices in the database that drifted from the CSV are corrected. */
export async function reseedCatalog(
  ctx: ServiceContext,
  options: { dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<ReseedResult> {
  const csvRows = await readCatalogCsv(ctx);
  const now = ctx.now();
  return ctx.db.transaction(async (trx) => {
    await queries.lockCatalogForReconciliation(trx);
    const corrections = planReseed(csvRows, await queries.selectStoredProducts(trx));
    const result = {
      dry_run: options.dryRun ?? false,
      csv_count: csvRows.length,
      corrected_count: corrections.length,
      corrections,
    };
    if (options.dryRun || corrections.length === 0) return result;
    options.onProgress?.(0, corrections.length);
    for (const [index, correction] of corrections.entries()) {
      await queries.applyReseedCorrection(trx, correction, now);
      options.onProgress?.(index + 1, corrections.length);
    }
    await queries.insertReconciliation(
      trx,
      {
        source: 'reseed',
        actor: ctx.actor.label,
        csv_count: csvRows.length,
        upserted_count: 0,
        reactivated_count: 0,
        deactivated_count: 0,
        order_protected_count: 0,
        corrected_count: corrections.length,
      },
      now,
    );
    await recordAudit(
      ctx,
      { action: 'catalog.reseed', targetType: 'catalog', details: { corrected_count: corrections.length } },
      trx,
    );
    return result;
  });
}

const SAMPLE_SIZE = 5;

/** The catalogue-audit result of admin-portal §3: the CSV against the database, read only. */
export async function auditCatalog(ctx: ServiceContext): Promise<CatalogAudit> {
  const csvRows = await readCatalogCsv(ctx);
  const [counts, activeAsins, sample, last, protectedAsins] = await Promise.all([
    queries.countProducts(ctx.db),
    queries.selectActiveAsins(ctx.db),
    queries.selectSampleActiveProducts(ctx.db, SAMPLE_SIZE),
    queries.selectLastReconciliation(ctx.db, 'bootstrap'),
    queries.selectAsinsOnUnfinishedOrders(ctx.db),
  ]);
  const comparison = compareCatalog({ csvAsins: csvRows.map((row) => row.asin), activeAsins });
  return {
    csv_count: csvRows.length,
    db_active_count: counts.active,
    db_total_count: counts.total,
    upserted_count: last?.upserted_count ?? 0,
    reactivated_count: last?.reactivated_count ?? 0,
    deactivated_count: last?.deactivated_count ?? 0,
    order_protected_count: activeAsins.filter((asin) => protectedAsins.has(asin)).length,
    missing_in_db: comparison.missingInDb,
    extra_in_db: comparison.extraInDb,
    sample_products: sample,
    status: comparison.status,
    timestamp: ctx.now().toISOString(),
    last_reconciliation_at: last ? last.ran_at.toISOString() : null,
  };
}

export function listActiveCatalogForExport(ctx: ServiceContext) {
  return queries.selectActiveCatalogForExport(ctx.db);
}

/** active-catalog-{date}.csv, the date in the company's timezone. */
export function activeCatalogExportFileName(now: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  return `active-catalog-${date}.csv`;
}

/** How many products are active (the bootstrap runs only below BOOTSTRAP_THRESHOLD). */
export function countActiveCatalogProducts(ctx: Pick<ServiceContext, 'db'>): Promise<number> {
  return queries.countActiveProducts(ctx.db);
}
