import { z } from 'zod';

import {
  dashboardCardsSchema,
  dashboardRequestSchema,
  reportDataSchemas,
  reportOkSchema,
  reportQueryRequestSchema,
} from '../reports.js';
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
