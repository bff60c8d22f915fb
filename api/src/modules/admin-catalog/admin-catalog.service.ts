import type { BootstrapResult } from '../../contracts/admin-catalog.js';
import { ACTIVE_CATALOG_EXPORT_COLUMNS, BOOTSTRAP_THRESHOLD } from '../../contracts/catalog.js';
import type { ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  activeCatalogExportFileName,
  auditCatalog,
  bootstrapCatalog,
  listActiveCatalogForExport,
} from '../catalog/catalog.service.js';
import { reportTimezone } from '../reports/report-timezone.js';

/** Runs only below 100 active products; otherwise answers 'skipped' (the 'Bootstrap Skipped' toast). */
export async function bootstrapCatalogBelowThreshold(ctx: ServiceContext): Promise<BootstrapResult> {
  const before = await auditCatalog(ctx);
  if (before.db_active_count >= BOOTSTRAP_THRESHOLD) {
    return { status: 'skipped', message: 'Catalog already initialized.', upserted_count: 0, audit: before };
  }
  const result = await bootstrapCatalog(ctx);
  return {
    status: 'success',
    message: `Catalog bootstrapped: ${result.upserted_count} products upserted.`,
    upserted_count: result.upserted_count,
    audit: await auditCatalog(ctx),
  };
}

/** The active catalogue as spreadsheet-safe CSV, audited with its row count. */
export async function exportActiveCatalog(ctx: ServiceContext): Promise<{ fileName: string; csv: string }> {
  const rows = await listActiveCatalogForExport(ctx);
  await recordAudit(ctx, { action: 'catalog.export', targetType: 'catalog', details: { rows: rows.length } });
  return {
    fileName: activeCatalogExportFileName(ctx.now(), await reportTimezone(ctx.db)),
    csv: toSpreadsheetSafeCsv(rows, ACTIVE_CATALOG_EXPORT_COLUMNS),
  };
}
