import { Router, type ErrorRequestHandler, type Response } from 'express';

import type { ReportErrorBody } from '../../contracts/reports.js';
import { describeError } from '../../http/describe-error.js';
import { toAppError } from '../../http/error-handler.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { prepareReportExport } from './reports-export.service.js';
import { dashboardReport, parseReportQuery, queryReport } from './reports.service.js';

/** How long the report took on the server, for the browser's network panel and the benchmark. */
function sendReport(res: Response, startedAt: number, data: unknown): void {
  res.setHeader('Server-Timing', `report;dur=${(performance.now() - startedAt).toFixed(1)}`);
  res.json({ ok: true, data });
}

/**
 * Refusals answer the spec's `{ ok: false, error: { message } }` alongside the house error body,
 * so the reports screen and any other client read them alike.
 */
const reportErrorBody: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const appError = toAppError(error);
  if (appError.status >= 500) req.log.error({ error: describeError(error) }, 'report request failed');
  const body: ReportErrorBody = {
    ok: false,
    error: { message: appError.message },
    code: appError.code,
    message: appError.message,
    ...(appError.errors ? { errors: appError.errors } : {}),
    requestId: String(req.id),
  };
  res.status(appError.status).json(body);
};

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

  router.get('/reports/dashboard', allow.roles('admin', 'finance'), async (req, res) => {
    const startedAt = performance.now();
    sendReport(res, startedAt, await dashboardReport(contextFor(req), req.query));
  });

  router.post('/reports/dashboard', allow.roles('admin', 'finance'), async (req, res) => {
    const startedAt = performance.now();
    sendReport(res, startedAt, await dashboardReport(contextFor(req), req.body));
  });

  router.use(reportErrorBody);
  return router;
}
