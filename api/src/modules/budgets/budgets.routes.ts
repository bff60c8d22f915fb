import { Router } from 'express';

import { BUDGET_SORTS, budgetFilterSchema, budgetVsActualQuerySchema } from '../../contracts/budgets.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow, notSignedInError } from '../../http/policy.js';
import { mountRaResource } from '../../http/ra-resource.js';
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

  mountRaResource(router, {
    name: 'budgets',
    readRoles: ['admin', 'finance'],
    writeRoles: ['admin'],
    list: {
      sortFields: BUDGET_SORTS,
      defaultSort: { field: 'department_name', order: 'asc' },
      filter: budgetFilterSchema,
      load: (req, page) => listBudgets(contextFor(req), page),
    },
    get: (req, id) => getBudget(contextFor(req), id),
    create: (req, body) => createBudget(contextFor(req), body),
    update: (req, id, body) => updateBudget(contextFor(req), id, body),
  });

  router.get('/admin/budgets/:id/history', allow.roles('admin', 'finance'), async (req, res) => {
    res.json(await listBudgetChanges(contextFor(req), parseIdParam(req.params)));
  });

  // The Budget vs actual report: read by the same roles as the other reports.
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
