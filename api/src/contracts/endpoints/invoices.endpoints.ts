import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import { invoiceDecisionSchema, invoiceMatchSettingsSchema, invoiceSchema } from '../invoices.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: invoices';
const access = { roles: ['admin', 'finance'] } as const;

/** A finance decision on an invoice exception: a command with a note. */
function decisionEndpoint<const Decision extends 'accept' | 'dispute'>(decision: Decision, summary: string, rule = '') {
  return endpoint({
    method: 'post',
    path: `/api/admin/invoices/:id/${decision}`,
    summary,
    description: `${rule}An invoice that is not an exception answers 409 INVOICE_NOT_AN_EXCEPTION.`,
    tag,
    access,
    params: uuidIdParamsSchema,
    body: invoiceDecisionSchema,
    responses: { 200: invoiceSchema },
    errors: [400, 401, 403, 404, 409],
  });
}

/**
 * Supplier invoices after the three-way match, for finance and admins. Accepting and
 * disputing an exception are commands; the supplier's InvoiceDetailRequest arrives at /api/cxml/inbound.
 */
export const invoicesEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/invoices',
    summary: 'Supplier invoices with their lines and the match reasons (newest first)',
    description:
      'ra-data-simple-rest list. Sort: received_at, invoice_date, net_amount, invoice_id, status. Filter: id, status, is_ready_to_pay, q (invoice ID or order number).',
    tag,
    access,
    query: raListQuerySchema,
    responses: { 200: z.array(invoiceSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  readyToPayCsv: endpoint({
    method: 'get',
    path: '/api/admin/invoice-exports/ready-to-pay',
    summary: 'The ready-to-pay invoices (matched or accepted) and their credit memos as CSV for accounts payable',
    description:
      "One row per ready-to-pay invoice and per credit memo against one (status credit, negative amounts, credited_invoice_id naming the invoice); a supplier's invoiceID appears once. Every cell is spreadsheet-safe (a leading =, +, -, @ is neutralised). The export is audited.",
    tag,
    access,
    responses: {
      200: { contentType: 'text/csv', description: 'One row per ready-to-pay invoice or credit memo, oldest first' },
    },
    errors: [401, 403],
  }),
  show: endpoint({
    method: 'get',
    path: '/api/admin/invoices/:id',
    summary: 'One invoice with its lines, the match reasons and the answer to the supplier',
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: invoiceSchema },
    errors: [400, 401, 403, 404],
  }),
  accept: decisionEndpoint(
    'accept',
    'Accept an invoice exception with a note: ready to pay, the supplier is told "reconciled"',
    "Separation of duties: whoever received goods of the order cannot accept its invoice exception (403 INVOICE_SEPARATION_OF_DUTIES). An accept that would make more of an order line ready to pay than was received (counting the order's other ready-to-pay invoices), or more than received × the highest unit price accepted on it, answers 409 INVOICE_EXCEEDS_RECEIVED, naming the line and the quantities. ",
  ),
  dispute: decisionEndpoint(
    'dispute',
    'Dispute an invoice exception with a note: the supplier is told "rejected" with the note',
  ),
  getSettings: endpoint({
    method: 'get',
    path: '/api/admin/invoice-settings',
    summary: 'The invoice match settings: the price tolerance in percent (default 2)',
    tag,
    access,
    responses: { 200: invoiceMatchSettingsSchema },
    errors: [401, 403],
  }),
  saveSettings: endpoint({
    method: 'put',
    path: '/api/admin/invoice-settings',
    summary: 'Save the invoice match settings (admins); invoices already matched keep their tolerance',
    tag,
    access: { roles: ['admin'] },
    body: invoiceMatchSettingsSchema,
    responses: { 200: invoiceMatchSettingsSchema },
    errors: [400, 401, 403],
  }),
};
