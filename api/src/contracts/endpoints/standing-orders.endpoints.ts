import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import {
  adminStandingOrderInputSchema,
  adminStandingOrderSchema,
  standingOrderRequesterListSchema,
  standingOrderInputSchema,
  standingOrderListSchema,
  standingOrderSchema,
} from '../standing-orders.js';
import { ORDER_FOLLOWING_ROLES } from '../roles.rules.js';
import { endpoint } from './endpoint.js';

const tag = 'Standing orders';

export const standingOrdersEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/standing-orders',
    summary: "The caller's standing orders, each with its next date and latest occurrences",
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    responses: { 200: standingOrderListSchema },
    errors: [401, 403],
  }),
  create: endpoint({
    method: 'post',
    path: '/api/standing-orders',
    summary: 'Set up a standing order: items, quantities, a weekly or monthly schedule, start and optional end date',
    description:
      'A monthly day beyond a month’s end falls on its last day. Dates are the company’s calendar. Each occurrence becomes a normal order (budgets and approval levels apply) created once by the standing-orders job; the owner is told by e-mail, and why when it was skipped. An optional `delivery_note` (at most 500 characters) goes to the supplier with each order; one that seems to hold patient data answers 422 PHI_IN_SUPPLIER_TEXT.',
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    body: standingOrderInputSchema,
    responses: { 201: standingOrderSchema },
    errors: [400, 401, 403, 422],
  }),
  get: endpoint({
    method: 'get',
    path: '/api/standing-orders/:id',
    summary: 'One of the caller’s standing orders',
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    params: uuidIdParamsSchema,
    responses: { 200: standingOrderSchema },
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/standing-orders/:id',
    summary: 'Change a standing order (from the next occurrence on)',
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    params: uuidIdParamsSchema,
    body: standingOrderInputSchema,
    responses: { 200: standingOrderSchema },
    errors: [400, 401, 403, 404, 422],
  }),
  pause: endpoint({
    method: 'post',
    path: '/api/standing-orders/:id/pause',
    summary: 'Pause a standing order: no occurrence is ordered until it is resumed',
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    params: uuidIdParamsSchema,
    responses: { 200: standingOrderSchema },
    errors: [400, 401, 403, 404],
  }),
  resume: endpoint({
    method: 'post',
    path: '/api/standing-orders/:id/resume',
    summary: 'Resume a paused standing order from its next date',
    tag,
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    params: uuidIdParamsSchema,
    responses: { 200: standingOrderSchema },
    errors: [400, 401, 403, 404],
  }),
};

const adminTag = 'Admin: standing orders';
const adminAccess = { roles: ['admin'] } as const;

/** Standing orders an administrator sets for a ward location, a react-admin resource. */
export const adminStandingOrdersEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/standing-orders',
    summary: 'The standing orders set for ward locations, with their next date and latest occurrences',
    description: 'ra-data-simple-rest list. Sort: created_at, name. Filter: location_id, id.',
    tag: adminTag,
    access: adminAccess,
    query: raListQuerySchema,
    responses: { 200: z.array(adminStandingOrderSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/standing-orders/:id',
    summary: 'One standing order set for a location',
    tag: adminTag,
    access: adminAccess,
    params: uuidIdParamsSchema,
    responses: { 200: adminStandingOrderSchema },
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: 'post',
    path: '/api/admin/standing-orders',
    summary: 'Set a standing order for a ward location, placed as a requester of its department',
    description:
      'The location must be active; the requester (user_id) an approved member of its department who may order for it ' +
      '(a doctor, provider, user, nurse or logistics admin). Each occurrence is an order delivered to the location, under ' +
      'the budget and approval rules; the requester is told by e-mail and may pause it. An optional `delivery_note` goes to ' +
      'the supplier with each order; one that seems to hold patient data answers 422 PHI_IN_SUPPLIER_TEXT.',
    tag: adminTag,
    access: adminAccess,
    body: adminStandingOrderInputSchema,
    responses: { 201: adminStandingOrderSchema },
    errors: [400, 401, 403, 422],
  }),
  requesters: endpoint({
    method: 'get',
    path: '/api/admin/locations/:id/standing-order-requesters',
    summary: "Who a location's standing order may order as, by e-mail",
    description:
      "The active location's department's approved, active members whose role may order for a ward location (a doctor, provider, user, nurse or logistics admin): the same rule create and update check, which answer 422 REQUESTER_NOT_IN_WARD for anyone else. An unknown or inactive location answers 404.",
    tag: adminTag,
    access: adminAccess,
    params: uuidIdParamsSchema,
    responses: { 200: standingOrderRequesterListSchema },
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/admin/standing-orders/:id',
    summary: 'Change a standing order set for a location (the whole record, paused included)',
    tag: adminTag,
    access: adminAccess,
    params: uuidIdParamsSchema,
    body: adminStandingOrderInputSchema,
    responses: { 200: adminStandingOrderSchema },
    errors: [400, 401, 403, 404, 422],
  }),
};
