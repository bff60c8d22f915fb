import { z } from 'zod';

import {
  sandboxControlResponseSchema,
  sandboxControlSchema,
  sandboxOrderListQuerySchema,
  sandboxOrderListSchema,
} from '../sandbox-supplier.js';
import { endpoint } from './endpoint.js';

const tag = 'Sandbox supplier (demo and tests)';

/** The local sandbox supplier: mounted at the app root, outside /api, in demo mode and tests only. */
export const sandboxSupplierEndpoints = {
  cxml: endpoint({
    method: 'post',
    path: '/sandbox/supplier/cxml',
    summary: 'Receive a cXML OrderRequest or ProfileRequest, as a supplier would',
    tag,
    access: 'demo-only',
    body: z.string(),
    requestContentType: 'text/xml',
    // Refusals are cXML too, with the HTTP status of their cXML Status code (a supplier's way).
    responses: {
      200: { contentType: 'text/xml', description: 'A cXML Response (its Status says the outcome)' },
      400: { contentType: 'text/xml', description: 'cXML 400: unreadable, or not an OrderRequest or ProfileRequest' },
      401: { contentType: 'text/xml', description: 'cXML 401: the Sender credentials do not match' },
      409: { contentType: 'text/xml', description: 'cXML 409: the payloadID was already used for another order' },
      500: { contentType: 'text/xml', description: 'cXML 500, when told to fail so' },
      502: { contentType: 'text/html', description: 'An HTML error page, when told to fail so' },
    },
  }),
  control: endpoint({
    method: 'post',
    path: '/sandbox/supplier/control',
    summary: "Arm (or, with null, disarm) the next order's failure",
    tag,
    access: 'demo-only',
    body: sandboxControlSchema,
    responses: { 200: sandboxControlResponseSchema },
  }),
  orders: endpoint({
    method: 'get',
    path: '/sandbox/supplier/orders',
    summary: 'What the sandbox received, newest first',
    tag,
    access: 'demo-only',
    query: sandboxOrderListQuerySchema,
    responses: { 200: sandboxOrderListSchema },
  }),
  punchoutSetup: endpoint({
    method: 'post',
    path: '/sandbox/supplier/punchout/setup',
    summary: "Receive a cXML PunchOutSetupRequest and answer the shop's StartPage (PunchOutSetupResponse)",
    tag,
    access: 'demo-only',
    body: z.string(),
    requestContentType: 'text/xml',
    responses: {
      200: { contentType: 'text/xml', description: 'PunchOutSetupResponse with the StartPage URL' },
      400: { contentType: 'text/xml', description: 'cXML 400: unreadable, or not a create PunchOutSetupRequest' },
      401: { contentType: 'text/xml', description: 'cXML 401: the Sender credentials do not match' },
    },
  }),
  punchoutShop: endpoint({
    method: 'get',
    path: '/sandbox/supplier/punchout/shop/:token',
    summary: 'The sandbox\'s PunchOut shop page: items, cart and "Return to Supply Hub"',
    tag,
    access: 'demo-only',
    params: z.object({ token: z.string() }),
    responses: {
      200: { contentType: 'text/html', description: 'The shop page' },
      404: { contentType: 'text/html', description: 'Unknown shop session' },
    },
  }),
  punchoutShopCart: endpoint({
    method: 'post',
    path: '/sandbox/supplier/punchout/shop/:token/cart',
    summary: "Add an item to the sandbox shop's cart (a form post)",
    tag,
    access: 'demo-only',
    params: z.object({ token: z.string() }),
    requestContentType: 'application/x-www-form-urlencoded',
    body: z.object({ part: z.string(), quantity: z.string() }),
    responses: {
      303: { description: 'Back to the shop page', headers: { Location: 'The shop page' } },
      404: { contentType: 'text/html', description: 'Unknown shop session' },
    },
  }),
};
