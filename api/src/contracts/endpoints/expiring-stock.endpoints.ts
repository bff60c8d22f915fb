import { uuidIdParamsSchema } from '../admin-list.js';
import { EXPIRING_LIST_MAX_ROWS, expiringLotListSchema, expiringQuerySchema } from '../expiring-stock.js';
import { endpoint } from './endpoint.js';

const adminTag = 'Admin: expiring stock';
const tag = 'Locations and par levels';
const access = { roles: ['admin', 'logistics_admin'] } as const;
const window =
  'within_days: 1 to 730, default 90. Lots expiring from today (the company calendar) to today + within_days, and lots that expired no more than within_days days ago, marked is_expired, soonest first. is_recalled: a recall notice was sent for the lot.';
const csv = {
  contentType: 'text/csv',
  description:
    'lot, asin, title, expiry_date, days_left, status (recalled, expired), quantity, location, department, received_by, received_at, order_number; spreadsheet-safe',
};

export const expiringStockEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/expiring',
    summary: 'Received lots expiring soon: lot, item, expiry, quantity, where, received by',
    description: `${window} At most ${EXPIRING_LIST_MAX_ROWS} lots, the soonest; total counts every lot in the window (the export has them all).`,
    tag: adminTag,
    access,
    query: expiringQuerySchema,
    responses: { 200: expiringLotListSchema },
    errors: [400, 401, 403],
  }),
  export: endpoint({
    method: 'get',
    path: '/api/admin/expiring/export',
    summary: 'The expiring lots as CSV (audited)',
    description: `${window} Every lot of the window, not cut at ${EXPIRING_LIST_MAX_ROWS}.`,
    tag: adminTag,
    access,
    query: expiringQuerySchema,
    responses: { 200: csv },
    errors: [400, 401, 403],
  }),
  location: endpoint({
    method: 'get',
    path: '/api/locations/:id/expiring',
    summary: "One of the caller's locations: the lots delivered there that expire soon (404 for others)",
    description: window,
    tag,
    access: 'signed-in',
    params: uuidIdParamsSchema,
    query: expiringQuerySchema,
    responses: { 200: expiringLotListSchema },
    errors: [400, 401, 404],
  }),
  locationExport: endpoint({
    method: 'get',
    path: '/api/locations/:id/expiring/export',
    summary: "A location's expiring lots as CSV (audited)",
    description: window,
    tag,
    access: 'signed-in',
    params: uuidIdParamsSchema,
    query: expiringQuerySchema,
    responses: { 200: csv },
    errors: [400, 401, 404],
  }),
};
