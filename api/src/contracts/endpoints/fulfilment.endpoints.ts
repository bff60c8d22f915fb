import { z } from 'zod';

import { raListQuerySchema } from '../admin-list.js';
import {
  adminOrderFulfilmentSchema,
  inboundDocumentLogEntrySchema,
  orderFulfilmentSchema,
  receiptRequestSchema,
  receiveInFullRequestSchema,
} from '../fulfilment.js';
import { orderIdParamsSchema } from '../order-submission.js';
import { ORDER_FOLLOWING_ROLES } from '../roles.rules.js';
import { endpoint } from './endpoint.js';

const cxml = (description: string) => ({ contentType: 'text/xml', description });

export const fulfilmentEndpoints = {
  inbound: endpoint({
    method: 'post',
    path: '/api/cxml/inbound',
    summary:
      "A supplier's ConfirmationRequest, ShipNoticeRequest, StatusUpdateRequest or InvoiceDetailRequest (cXML 1.2.063)",
    description:
      'The supplier authenticates with Sender/Credential/Identity and SharedSecret (the inbound credentials of the punchout settings). ' +
      'Every answer, refusals included, is a cXML Response whose Status code the HTTP status mirrors; never a JSON body. ' +
      'Idempotent on the payloadID: the same document again answers the same 200; another document with that payloadID answers 409. ' +
      'See docs/supplier-integration.md.',
    tag: 'Supplier documents',
    access: 'supplier-credentials',
    requestContentType: 'text/xml',
    body: z.string().max(1_000_000).describe('A cXML document of at most 1 MB'),
    responses: {
      200: cxml('Applied (or already applied): Status 200 OK'),
      400: cxml('The document parses but breaks the DTD or a rule; the Status text names the problem; nothing applied'),
      401: cxml('Unknown sender identity or wrong shared secret'),
      406: cxml('A cXML request this endpoint does not accept'),
      409: cxml('The payloadID was used for another document, or the order was not sent to the supplier'),
      413: cxml('Larger than 1 MB'),
      415: cxml('Not sent as text/xml or application/xml'),
      429: cxml('Too many refused documents from this address'),
    },
  }),
  receive: endpoint({
    method: 'post',
    path: '/api/orders/:id/receipts',
    summary: 'Record what arrived on the ward, per line',
    description:
      "The requester, a logistics administrator or an administrator. Receiving more than was ordered answers 422 with the quantity that remains; receiving more of a line than the supplier's confirmations in force leave unrejected answers 409 RECEIPT_REJECTED_BY_SUPPLIER, writing nothing; another user's order answers 404. A lot expiring within its item's minimum remaining shelf life (min_shelf_life_days, from the company's today) answers 409 RECEIPT_SHORT_SHELF_LIFE with the lines in details.short_shelf_life, writing nothing; sent again with confirm_short_shelf_life: true it is received and its lines marked short_shelf_life in the received event.",
    tag: 'Orders',
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    params: orderIdParamsSchema,
    body: receiptRequestSchema,
    responses: { 201: orderFulfilmentSchema },
    errors: [400, 401, 403, 404, 409, 422],
  }),
  receiveInFull: endpoint({
    method: 'post',
    path: '/api/orders/:id/receipts/in-full',
    summary: '"Received in full": receive what was shipped and is not yet received',
    description:
      "The requester, a logistics administrator or an administrator. Receives, in good condition, per line what the current ship notices shipped and is not yet received. Units no ship notice has shipped (backordered, or never noticed) are received only with include_not_shipped: true; when only such units remain and they are not included, answers 409 RECEIPT_NOT_SHIPPED with the question to ask in message and the units in details.not_shipped, writing nothing. Nothing left to receive answers 409 ORDER_RECEIVED; another user's order answers 404; the other refusals are those of POST /api/orders/:id/receipts.",
    tag: 'Orders',
    access: { roles: [...ORDER_FOLLOWING_ROLES] },
    params: orderIdParamsSchema,
    body: receiveInFullRequestSchema,
    responses: { 201: orderFulfilmentSchema },
    errors: [404, 409, 422],
  }),
  adminFulfilment: endpoint({
    method: 'get',
    path: '/api/admin/orders/:id/fulfilment',
    summary: "An order's fulfilment and the supplier documents about it (newest first, secrets redacted)",
    tag: 'Admin: orders',
    access: { roles: ['admin'] },
    params: orderIdParamsSchema,
    responses: { 200: adminOrderFulfilmentSchema },
    errors: [400, 401, 403, 404],
  }),
  inboundLog: endpoint({
    method: 'get',
    path: '/api/admin/inbound-documents',
    summary: 'The inbound supplier document log, newest first (refused documents too; the shared secret redacted)',
    description:
      'ra-data-simple-rest list, 25 a page by default. Sort: received_at. Filter: order_id. Beside the outbound submission log (/api/admin/ab-logs).',
    tag: 'Admin: orders',
    access: { roles: ['admin'] },
    query: raListQuerySchema,
    responses: { 200: z.array(inboundDocumentLogEntrySchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
};
