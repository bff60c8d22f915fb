import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import {
  fulfilmentCountsSchema,
  orderCountsQuerySchema,
  orderCountsSchema,
  rejectOrderSchema,
} from '../admin-orders.js';
import { adminOrderSchema } from '../order-submission.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: orders';
const access = { roles: ['admin'] } as const;

/** /api/admin/orders: status changes are commands, never a generic update. */
export const adminOrdersEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/orders',
    summary: 'List orders with lines, requester, ship-to status and fulfilment (the latest 50 by default)',
    description:
      'ra-data-simple-rest list. Sort: created_at, display_seq, total_amount, status. Filter: id, status, department, q, user_id, ' +
      'fulfilment (a fulfilment status, awaiting_receipt, overdue or has_backorder; only submitted orders have one), ' +
      'approval_level (pending orders waiting for approval at that level). ' +
      'Each row carries fulfilment_status (null until submitted), is_overdue and expected_delivery_date.',
    tag,
    access,
    query: raListQuerySchema,
    responses: { 200: z.array(adminOrderSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  counts: endpoint({
    method: 'get',
    path: '/api/admin/order-counts',
    summary:
      'Tab counts (all and each status) within the department, fulfilment and level filters, and the departments',
    tag,
    access,
    query: orderCountsQuerySchema,
    responses: { 200: orderCountsSchema },
    errors: [400, 401, 403],
  }),
  fulfilmentCounts: endpoint({
    method: 'get',
    path: '/api/admin/fulfilment-counts',
    summary: 'Backordered lines, orders awaiting receipt, partially received and overdue orders (the dashboard)',
    description:
      'Each count matches a fulfilment filter of the orders list: has_backorder, awaiting_receipt, partially_received, overdue.',
    tag,
    access,
    responses: { 200: fulfilmentCountsSchema },
    errors: [401, 403],
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/orders/:id',
    summary: 'One order',
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: adminOrderSchema },
    errors: [400, 401, 403, 404],
  }),
  reject: endpoint({
    method: 'post',
    path: '/api/admin/orders/:id/reject',
    summary: "Reject a pending order (reason defaults to 'Rejected by admin')",
    tag,
    access,
    params: uuidIdParamsSchema,
    body: rejectOrderSchema,
    responses: { 200: adminOrderSchema },
    errors: [400, 401, 403, 404, 409],
  }),
};
