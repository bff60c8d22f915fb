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
};
