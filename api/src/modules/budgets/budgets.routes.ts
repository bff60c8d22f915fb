import { Router } from 'express';

import { BUDGET_SORTS, budgetFilterSchema, budgetVsActualQuerySchema } from '../../contracts/budgets.js';
import { parseIdParam } from '../../http/id-param.js';
import { raListRoute } from '../../http/list-query.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { budgetVsActual, exportBudgetVsActual } from './budget-vs-actual.service.js';
import {
  createBudget,
  getBudget,
  getMyBudget,
  listBudgetChanges,
  listBudgets,
  updateBudget,
} from './budgets.service.js';

/** /api/admin/budgets: admins set budgets, finance reads them; /api/me/budget for the requester. */
export function budgetsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get(
    '/admin/budgets',
    allow.roles('admin', 'finance'),
    raListRoute(
      'budgets',
      { sortFields: BUDGET_SORTS, defaultSort: { field: 'department_name', order: 'asc' }, filter: budgetFilterSchema },
      (req, page) => listBudgets(contextFor(req), page),
    ),
  );

  router.get('/admin/budgets/:id', allow.roles('admin', 'finance'), async (req, res) => {
    res.json(await getBudget(contextFor(req), parseIdParam(req.params)));
  });

  router.get('/admin/budgets/:id/history', allow.roles('admin', 'finance'), async (req, res) => {
    res.json(await listBudgetChanges(contextFor(req), parseIdParam(req.params)));
  });

  router.post('/admin/budgets', allow.roles('admin'), async (req, res) => {
    res.status(201).json(await createBudget(contextFor(req), req.body));
  });

  router.put('/admin/budgets/:id', allow.roles('admin'), async (req, res) => {
    res.json(await updateBudget(contextFor(req), parseIdParam(req.params), req.body));
  });

  // The Budget vs actual report (issue 18 §2): read by the same roles as the other reports.
  router.get('/admin/reports/budget-vs-actual', allow.roles('admin', 'finance'), async (req, res) => {
    res.json(await budgetVsActual(contextFor(req), budgetVsActualQuerySchema.parse(req.query)));
  });

  router.get('/admin/report-exports/budget-vs-actual', allow.roles('admin', 'finance'), async (req, res) => {
    const { fileName, csv } = await exportBudgetVsActual(contextFor(req), budgetVsActualQuerySchema.parse(req.query));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });

  router.get('/me/budget', allow.owner(), async (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    res.json(await getMyBudget(contextFor(req), req.auth.userId));
  });

  return router;
}
