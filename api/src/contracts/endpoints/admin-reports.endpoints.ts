import { z } from 'zod';

import {
  dashboardCardsSchema,
  dashboardRequestSchema,
  reportDataSchemas,
  reportOkSchema,
  reportQueryRequestSchema,
} from '../reports.js';
import { statOrdersQuerySchema, statOrdersReportSchema } from '../stat-orders.js';
import { supplierScorecardQuerySchema, supplierScorecardSchema } from '../supplier-scorecard.js';
import { endpoint } from './endpoint.js';

const tag = 'Reports';
const access = { roles: ['admin', 'finance'] } as const;
const sliceData = z.union([
  reportDataSchemas.overview,
  reportDataSchemas.by_region,
  reportDataSchemas.by_region_map,
  reportDataSchemas.top_products,
  reportDataSchemas.reorders,
]);
const REPORT_ERRORS = 'Refusals answer the one error body, like every other operation.';

/** Reports for admin, super_admin and finance (admin-portal §2.3, §7 reports-query). */
export const reportsEndpoints = {
  query: endpoint({
    method: 'post',
    path: '/api/reports/query',
    summary: 'One report slice over a date range; format csv answers a file',
    description: `JSON: { ok: true, data } with the slice's rows. With format 'csv' the answer is text/csv. ${REPORT_ERRORS}`,
    tag,
    access,
    body: reportQueryRequestSchema,
    responses: { 200: reportOkSchema(sliceData) },
    errors: [400, 401, 403],
  }),
  dashboard: endpoint({
    method: 'get',
    path: '/api/reports/dashboard',
    summary: 'The dashboard cards for a range (default the last 30 days), or one slice',
    description: `The cards carry approval_levels_without_approver: the approval levels no active, approved user can approve now, each with blocked_orders, the pending orders waiting at it. ${REPORT_ERRORS}`,
    tag,
    access,
    query: dashboardRequestSchema,
    responses: { 200: reportOkSchema(z.union([dashboardCardsSchema, sliceData])) },
    errors: [400, 401, 403],
  }),
  suppliers: endpoint({
    method: 'get',
    path: '/api/reports/suppliers',
    summary: 'The supplier scorecard per supplier identity and month sent; format csv answers a file',
    description: `Perfect orders and their parts (acknowledgement, fill rate, backorders, rejections, price changes, on-time delivery, lead time, invoice matching) over the orders sent from..to, company timezone. With format 'csv' the answer is text/csv. ${REPORT_ERRORS}`,
    tag,
    access,
    query: supplierScorecardQuerySchema,
    responses: { 200: reportOkSchema(supplierScorecardSchema) },
    errors: [400, 401, 403],
  }),
  statOrders: endpoint({
    method: 'get',
    path: '/api/reports/stat-orders',
    summary: 'STAT orders by department and reason over a date range; format csv answers a file',
    description: `How often each department placed a STAT (needed today) order, and why: every STAT order placed from..to (whole days in the company timezone, default the last 30 days) whatever its status, QA runner orders left out; reasons differing only in case and spaces count together. JSON: { ok: true, data } with the report. With format 'csv' the answer is text/csv (department, reason, orders, total_amount, last_ordered_at). ${REPORT_ERRORS}`,
    tag,
    access,
    query: statOrdersQuerySchema,
    responses: { 200: reportOkSchema(statOrdersReportSchema) },
    errors: [400, 401, 403],
  }),
  dashboardByBody: endpoint({
    method: 'post',
    path: '/api/reports/dashboard',
    summary: 'The dashboard, its request in the body',
    description: REPORT_ERRORS,
    tag,
    access,
    body: dashboardRequestSchema,
    responses: { 200: reportOkSchema(z.union([dashboardCardsSchema, sliceData])) },
    errors: [400, 401, 403],
  }),
};
