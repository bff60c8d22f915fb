import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import { cartSchema } from '../cart.js';
import { orderSchema } from '../order-submission.js';
import { countOrderRequestSchema } from '../stat-orders.js';
import {
  countAnswerSchema,
  countInputSchema,
  countParamsSchema,
  locationCreateSchema,
  locationDetailSchema,
  locationSchema,
  locationSummarySchema,
  locationUpdateSchema,
  myLocationListSchema,
  parReviewSchema,
  locationCountListSchema,
  stockListImportQuerySchema,
  stockListImportResultSchema,
} from '../locations.js';
import { endpoint } from './endpoint.js';

const adminTag = 'Admin: locations';
const tag = 'Locations and par levels';
const access = { roles: ['admin'] } as const;

/** /api/admin/locations: locations and their stock lists, ra-data-simple-rest. */
export const adminLocationsEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/locations',
    summary: 'List locations (wards, store rooms, par carts)',
    description:
      'ra-data-simple-rest list. Sort: name, active, department_id, created_at, updated_at. Filter: q, active, department_id, id. Rows carry item_count, not the stock list.',
    tag: adminTag,
    access,
    query: raListQuerySchema,
    responses: { 200: z.array(locationSummarySchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/locations/:id',
    summary: 'One location with its stock list (par and reorder point in units, pack size in units per pack)',
    tag: adminTag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: locationSchema },
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: 'post',
    path: '/api/admin/locations',
    summary: 'Add a location with its stock list (422 for an unknown department or product)',
    tag: adminTag,
    access,
    body: locationCreateSchema,
    responses: { 201: locationSchema },
    errors: [400, 401, 403, 422],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/admin/locations/:id',
    summary: 'Edit, deactivate (active: false) or re-list a location',
    description:
      'Takes the record GET answers. With stock_list, the stock list becomes exactly that; without it (a list row) it stays.',
    tag: adminTag,
    access,
    params: uuidIdParamsSchema,
    body: locationUpdateSchema,
    responses: { 200: locationSchema },
    errors: [400, 401, 403, 404, 422],
  }),
  importStockList: endpoint({
    method: 'post',
    path: '/api/admin/locations/:id/stock-list/import',
    summary:
      'Import stock-list lines from CSV (asin,par,reorder_point,pack_size); dry_run=true only answers what would change',
    description:
      'Adds the lines of new products and changes those of listed ones; lines not in the file stay. A malformed file answers 400 CSV_INVALID naming each bad line, and changes nothing.',
    tag: adminTag,
    access,
    params: uuidIdParamsSchema,
    query: stockListImportQuerySchema,
    requestContentType: 'text/csv',
    responses: { 200: stockListImportResultSchema },
    errors: [400, 401, 403, 404],
  }),
  counts: endpoint({
    method: 'get',
    path: '/api/admin/locations/:id/counts',
    summary:
      "A location's latest 50 counts: who, when, on hand and packs per item, and whether each went to a cart or became an order",
    tag: adminTag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: locationCountListSchema },
    errors: [400, 401, 403, 404],
  }),
  parReview: endpoint({
    method: 'get',
    path: '/api/admin/locations/:id/par-review',
    summary: 'Par review: per stock-list item, the last 90 days of counts and a suggestion',
    description:
      'raise: ordered on most counts (more than half, at least two); lower: counted and never below 50 % of par.',
    tag: adminTag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: parReviewSchema },
    errors: [400, 401, 403, 404],
  }),
  parReviewExport: endpoint({
    method: 'get',
    path: '/api/admin/locations/:id/par-review/export',
    summary: 'The par review as CSV (spreadsheet-safe)',
    tag: adminTag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: { contentType: 'text/csv', description: 'One row per stock-list item' } },
    errors: [400, 401, 403, 404],
  }),
};

/** The storefront's count and top-up: for the users of the location's department, and admins. */
export const locationsEndpoints = {
  mine: endpoint({
    method: 'get',
    path: '/api/locations',
    summary: "The caller's locations: the active locations of their department (every active one for admins)",
    tag,
    access: 'signed-in',
    responses: { 200: myLocationListSchema },
  }),
  get: endpoint({
    method: 'get',
    path: '/api/locations/:id',
    summary:
      'One of the caller’s locations with its stock list and each item’s title, image and price (404 for others)',
    tag,
    access: 'signed-in',
    params: uuidIdParamsSchema,
    responses: { 200: locationDetailSchema },
    errors: [400, 401, 404],
  }),
  count: endpoint({
    method: 'post',
    path: '/api/locations/:id/counts',
    summary: 'Record a count (on hand, in units) and answer its top-up in orderable packs',
    description:
      'quantity = max(0, par − on_hand) units rounded up to whole packs; nothing for an item counted above its reorder point (when one is set); uncounted items are not ordered. An asin not on the stock list answers 422 COUNT_UNKNOWN_ITEMS and nothing is recorded.',
    tag,
    access: 'signed-in',
    params: uuidIdParamsSchema,
    body: countInputSchema,
    responses: { 201: countAnswerSchema },
    errors: [400, 401, 404, 422],
  }),
  addToCart: endpoint({
    method: 'post',
    path: '/api/locations/:id/counts/:countId/add-to-cart',
    summary: "Put a count's top-up into the caller's cart (once: 409 COUNT_ALREADY_IN_CART); answers the cart",
    description:
      'Only for roles that may submit a cart (doctor, provider, user); anyone else answers 403 ORDERING_NOT_ALLOWED before anything is written, and may still submit the count as an order.',
    tag,
    access: 'signed-in',
    params: countParamsSchema,
    responses: { 200: cartSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  submitAsOrder: endpoint({
    method: 'post',
    path: '/api/locations/:id/counts/:countId/order',
    summary: "Submit a count's top-up as an order for the location (its delivery location)",
    description:
      'Whoever counted may submit it — doctors, users and providers, and nurses and logistics admins of the ward, since the order ' +
      'restocks the location. The budget, limit and approval rules apply as to any order; the cart is left alone. Once: a repeat ' +
      'answers 200 with the same order; a count already put in the cart is 409 COUNT_ALREADY_IN_CART; nothing to order is 400; ' +
      'a requester without a shipping address is 422 SHIPPING_ADDRESS_REQUIRED. The body may be empty; ' +
      '`urgent: { reason }` (3–200 characters) makes it a STAT order, as on POST /api/orders; `delivery_note` carries ' +
      'delivery instructions to the supplier, checked for patient data as there (422 PHI_IN_SUPPLIER_TEXT).',
    tag,
    access: 'signed-in',
    params: countParamsSchema,
    body: countOrderRequestSchema,
    responses: { 201: orderSchema, 200: orderSchema },
    errors: [400, 401, 403, 404, 409, 422],
  }),
};
