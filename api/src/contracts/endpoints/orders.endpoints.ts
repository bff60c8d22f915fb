import {
  orderDetailSchema,
  orderIdParamsSchema,
  orderSchema,
  orderSubmissionHeadersSchema,
  orderSubmissionSchema,
  ownOrderListSchema,
  ownOrdersQuerySchema,
} from '../order-submission.js';
import { endpoint } from './endpoint.js';

const tag = 'Orders';

export const ordersEndpoints = {
  submit: endpoint({
    method: 'post',
    path: '/api/orders',
    summary: 'Submit an order (priced by the server)',
    description:
      'Idempotent by the Idempotency-Key header: a repeat with the same key and body answers 200 with the same order; the same key with another body answers 409.',
    tag,
    access: { roles: ['doctor', 'user', 'provider'] },
    headers: orderSubmissionHeadersSchema,
    body: orderSubmissionSchema,
    responses: { 201: orderSchema, 200: orderSchema },
    errors: [409, 422],
  }),
  list: endpoint({
    method: 'get',
    path: '/api/orders',
    summary: "The caller's own orders, newest first (an admin: everyone's latest 50)",
    tag,
    access: 'signed-in',
    query: ownOrdersQuerySchema,
    responses: { 200: ownOrderListSchema },
  }),
  get: endpoint({
    method: 'get',
    path: '/api/orders/:id',
    summary: "One of the caller's own orders, with its fulfilment after the supplier",
    description:
      "A malformed id answers 400 (the one :id rule); someone else's order answers 404 like a missing one. `fulfilment` carries per-line quantities (confirmed, backordered, rejected, shipped, received), the shipments with tracking links and the order's timeline.",
    tag,
    access: 'signed-in',
    params: orderIdParamsSchema,
    responses: { 200: orderDetailSchema },
    errors: [400, 404],
  }),
};
