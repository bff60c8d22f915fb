import { Router, type Response } from 'express';

import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { prepareReportExport } from './reports-export.service.js';
import { dashboardReport, parseReportQuery, queryReport } from './reports.service.js';
import { exportStatOrders, parseStatOrdersQuery, statOrdersReport } from './stat-orders.service.js';
import { exportSupplierScorecard, parseScorecardQuery, supplierScorecard } from './supplier-scorecard.service.js';

/** How long the report took on the server, for the browser's network panel and the benchmark. */
function sendReport(res: Response, startedAt: number, data: unknown): void {
  res.setHeader('Server-Timing', `report;dur=${(performance.now() - startedAt).toFixed(1)}`);
  res.json({ ok: true, data });
}

/** Reports for admin, super_admin and finance (admin-portal §2.3, §7 reports-query). */
export function reportsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.post('/reports/query', allow.roles('admin', 'finance'), async (req, res) => {
    const startedAt = performance.now();
    const ctx = contextFor(req);
    const request = parseReportQuery(req.body);
    if (request.format !== 'csv') return sendReport(res, startedAt, await queryReport(ctx, request));
    const csvExport = await prepareReportExport(ctx, request);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${csvExport.fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    await csvExport.writeTo(res);
  });

  /** The supplier scorecard per supplier identity and month; format=csv answers the file. */
  router.get('/reports/suppliers', allow.roles('admin', 'finance'), async (req, res) => {
    const startedAt = performance.now();
    const query = parseScorecardQuery(req.query);
    if (query.format !== 'csv') return sendReport(res, startedAt, await supplierScorecard(contextFor(req), query));
    const { fileName, csv } = await exportSupplierScorecard(contextFor(req), query);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });

  router.get('/reports/dashboard', allow.roles('admin', 'finance'), async (req, res) => {
    const startedAt = performance.now();
    sendReport(res, startedAt, await dashboardReport(contextFor(req), req.query));
  });

  router.post('/reports/dashboard', allow.roles('admin', 'finance'), async (req, res) => {
    const startedAt = performance.now();
    sendReport(res, startedAt, await dashboardReport(contextFor(req), req.body));
  });

  // How often each department placed a STAT order, and why; format=csv answers the file.
  router.get('/reports/stat-orders', allow.roles('admin', 'finance'), async (req, res) => {
    const startedAt = performance.now();
    const query = parseStatOrdersQuery(req.query);
    if (query.format !== 'csv') return sendReport(res, startedAt, await statOrdersReport(contextFor(req), query));
    const { fileName, csv } = await exportStatOrders(contextFor(req), query);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });

  return router;
}
