import {
  orderDetailSchema,
  orderIdParamsSchema,
  orderSchema,
  orderSubmissionHeadersSchema,
  orderSubmissionSchema,
  ownOrderListSchema,
  ownOrdersQuerySchema,
  receivingOrderListSchema,
  receivingOrdersQuerySchema,
} from '../order-submission.js';
import { ORDER_FOLLOWING_ROLES, RECEIVING_ROLES } from '../roles.rules.js';
import { endpoint } from './endpoint.js';

const tag = 'Orders';

export const ordersEndpoints = {
  submit: endpoint({
    method: 'post',
    path: '/api/orders',
    summary: 'Submit an order (priced by the server)',
    description:
      "Idempotent by the Idempotency-Key header: a repeat with the same key and body answers 200 with the same order; the same key with another body answers 409. A requester without a shipping address: 422 SHIPPING_ADDRESS_REQUIRED. Over the department's stop budget: 422 BUDGET_EXCEEDED; over the requester's monthly limit under a stop budget (or without a budget): 422 MONTHLY_LIMIT_EXCEEDED; nothing is written. Under a warn budget the order is accepted and flagged (over_budget, over_limit on the admin order). A STAT order (`urgent: { reason }`, the reason 3–200 characters and free of patient details: 400 VALIDATION_FAILED or 422 PHI_IN_SUPPLIER_TEXT, nothing written) answers `is_urgent: true` and `urgent_reason`; it comes first in the Approvals inbox, its approvers are mailed immediately (subject 'STAT: …') and told live, it is approved automatically under `stat_auto_approve_under` (never past a budget), and the OrderRequest asks the supplier for the earliest delivery. Optional `delivery_note` (delivery instructions, at most 500 characters: 400 VALIDATION_FAILED) is answered as `delivery_note` (null when none) and sent in the OrderRequest's Comments; one that seems to hold patient data (a medical record number, a date of birth, a social security number, a patient's name, or an administrator's pattern) answers 422 PHI_IN_SUPPLIER_TEXT naming the field, nothing written.",
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
    description:
      'Each order carries `fulfilment_summary` once sent to the supplier (null before): its fulfilment status, expected delivery, whether it is overdue, tracking links, backorders, rejections and what remains to be received, derived as in GET /api/orders/:id; computed for the whole list in a fixed number of queries.',
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    query: ownOrdersQuerySchema,
    responses: { 200: ownOrderListSchema },
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: 'get',
    path: '/api/orders/:id',
    summary: "One of the caller's own orders, with its fulfilment after the supplier",
    description:
      "A malformed id answers 400 (the one :id rule); someone else's order answers 404 like a missing one. `fulfilment` carries per-line quantities (confirmed, backordered, rejected, shipped, received), the shipments with tracking links and the order's timeline.",
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    params: orderIdParamsSchema,
    responses: { 200: orderDetailSchema },
    errors: [400, 401, 403, 404],
  }),
  receivingList: endpoint({
    method: 'get',
    path: '/api/receiving/orders',
    summary: 'Deliveries to receive: the sent orders with something still to receive, newest sent first',
    description:
      'Logistics administrators and admins: the organisation’s orders, not only their own, each with its `fulfilment_summary`. Paginated by `page` and `per_page`.',
    tag,
    access: { roles: [...RECEIVING_ROLES] },
    query: receivingOrdersQuerySchema,
    responses: { 200: receivingOrderListSchema },
    errors: [400, 401, 403],
  }),
  receivingGet: endpoint({
    method: 'get',
    path: '/api/receiving/orders/:id',
    summary: 'A sent order of the organisation with its fulfilment, for receiving it',
    description:
      'Logistics administrators and admins: lines, lots and expiry dates from the ship notices, shipments and timeline. An order not sent to the supplier answers 404.',
    tag,
    access: { roles: [...RECEIVING_ROLES] },
    params: orderIdParamsSchema,
    responses: { 200: orderDetailSchema },
    errors: [400, 401, 403, 404],
  }),
};
