import { Router } from 'express';

import { ACTIVE_CATALOG_EXPORT_COLUMNS, BOOTSTRAP_THRESHOLD } from '../../contracts/catalog.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  activeCatalogExportFileName,
  auditCatalog,
  bootstrapCatalog,
  countActiveCatalogProducts,
  listActiveCatalogForExport,
} from '../catalog/catalog.service.js';
import { recordAudit } from '../audit/audit.service.js';

/** The catalogue audit page (admin-portal §2.9): audit, one-time bootstrap, active export. */
export function adminCatalogRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/admin/catalog/audit', allow.roles('admin'), async (req, res) => {
    res.json(await auditCatalog(contextFor(req)));
  });

  /** Runs only below 100 active products; otherwise answers 'skipped' (the 'Bootstrap Skipped' toast). */
  router.post('/admin/catalog/bootstrap', allow.roles('admin'), async (req, res) => {
    const ctx = contextFor(req);
    const active = await countActiveCatalogProducts(ctx);
    if (active >= BOOTSTRAP_THRESHOLD) {
      res.json({
        status: 'skipped',
        message: 'Catalog already initialized.',
        upserted_count: 0,
        audit: await auditCatalog(ctx),
      });
      return;
    }
    const result = await bootstrapCatalog(ctx);
    res.json({
      status: 'success',
      message: `Catalog bootstrapped: ${result.upserted_count} products upserted.`,
      upserted_count: result.upserted_count,
      audit: await auditCatalog(ctx),
    });
  });

  router.get('/admin/catalog/export', allow.roles('admin'), async (req, res) => {
    const ctx = contextFor(req);
    const rows = await listActiveCatalogForExport(ctx);
    await recordAudit(ctx, { action: 'catalog.export', targetType: 'catalog', details: { rows: rows.length } });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${activeCatalogExportFileName(ctx.now(), ctx.config.companyTimezone)}"`,
    );
    res.send(toSpreadsheetSafeCsv(rows, ACTIVE_CATALOG_EXPORT_COLUMNS));
  });

  return router;
}
