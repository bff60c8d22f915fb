import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import {
  budgetChangeSchema,
  budgetCreateSchema,
  budgetSchema,
  budgetUpdateSchema,
  budgetVsActualQuerySchema,
  budgetVsActualSchema,
  myBudgetSchema,
} from '../budgets.js';
import { endpoint } from './endpoint.js';

const tag = 'Budgets';
const readers = { roles: ['admin', 'finance'] } as const;
const access = { roles: ['admin'] } as const;
const FIGURES =
  'Figures of the current period in the company time zone: committed = totals of its pending, approved, submitted and failed orders; spent = submitted orders, at their received value where goods were received; remaining = amount − committed. period_end is the first instant after the period.';

/** /api/admin/budgets and the requester's own budget, /api/me/budget. */
export const budgetsEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/budgets',
    summary: 'List department budgets with their current figures',
    description: `ra-data-simple-rest list. Sort: department_name, amount, period, updated_at. Filter: department_id, period, policy, id. ${FIGURES}`,
    tag,
    access: readers,
    query: raListQuerySchema,
    responses: { 200: z.array(budgetSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/budgets/:id',
    summary: 'One budget with its current figures',
    tag,
    access: readers,
    params: uuidIdParamsSchema,
    responses: { 200: budgetSchema },
    errors: [400, 401, 403, 404],
  }),
  history: endpoint({
    method: 'get',
    path: '/api/admin/budgets/:id/history',
    summary: "A budget's saved values, oldest first (who and when)",
    tag,
    access: readers,
    params: uuidIdParamsSchema,
    responses: { 200: z.array(budgetChangeSchema) },
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: 'post',
    path: '/api/admin/budgets',
    summary: "Set a department's budget (one per department: 409 BUDGET_EXISTS)",
    description: 'amount in USD as a decimal string; alert_threshold in percent (default 80).',
    tag,
    access,
    body: budgetCreateSchema,
    responses: { 201: budgetSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/admin/budgets/:id',
    summary: 'Change a budget from the current period on (the previous values stay in its history)',
    tag,
    access,
    params: uuidIdParamsSchema,
    body: budgetUpdateSchema,
    responses: { 200: budgetSchema },
    errors: [400, 401, 403, 404],
  }),
  budgetVsActual: endpoint({
    method: 'get',
    path: '/api/admin/reports/budget-vs-actual',
    summary: 'Budget vs actual: per department, amount, committed, spent, remaining and % used',
    description: `Each department's period of its budget's kind containing month (YYYY-MM, default the current month in the company time zone); departments without a budget are listed with the month's committed and spent, their amount, remaining and used_percent null. ${FIGURES.replace('Figures of the current period in the company time zone: ', '')}`,
    tag,
    access: readers,
    query: budgetVsActualQuerySchema,
    responses: { 200: budgetVsActualSchema },
    errors: [400, 401, 403],
  }),
  budgetVsActualExport: endpoint({
    method: 'get',
    path: '/api/admin/report-exports/budget-vs-actual',
    summary: 'The Budget vs actual report as CSV (formula cells neutralised)',
    tag,
    access: readers,
    query: budgetVsActualQuerySchema,
    responses: {
      200: {
        contentType: 'text/csv',
        description: 'budget-vs-actual-<month>.csv, one row per department, spreadsheet-safe',
      },
    },
    errors: [400, 401, 403],
  }),
  mine: endpoint({
    method: 'get',
    path: '/api/me/budget',
    summary: "The requester's department budget this period, the approval levels and the requester's limits",
    description: `${FIGURES} The budget's figures and policy are null when the requester's department has no budget (department is null without a department). approval_levels and order_limit let a client compute the approvals an order will need with requiredLevels (contracts/approval-levels.rules); monthly_committed counts the requester's own orders of the calendar month (company time zone) by the same definition, and monthly_policy says what happens over monthly_limit (the budget's policy; stop without a budget).`,
    tag,
    access: 'signed-in',
    responses: { 200: myBudgetSchema },
    errors: [401],
  }),
};
