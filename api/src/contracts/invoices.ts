import { z } from 'zod';

import { idFilter } from './admin-list.js';
import { moneyTextSchema } from './money-amount.js';

/**
 * Supplier invoices and their three-way match. matched and accepted invoices are ready to pay; an
 * exception waits for finance, who accepts or disputes it with a note. The supplier withdraws an
 * invoice that still waits (withdrawn); a credit memo (purpose creditMemo) is a negative document
 * against one invoice, with status credit, never ready to pay itself.
 */
export const INVOICE_STATUSES = ['matched', 'exception', 'accepted', 'disputed', 'withdrawn', 'credit'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** What a supplier's document is (cXML InvoiceDetailRequestHeader@purpose, lineLevelCreditMemo read as creditMemo). */
export const INVOICE_PURPOSES = ['standard', 'creditMemo'] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];

/** Accepting an exception would bill an order line beyond what the ward received. */
export const INVOICE_EXCEEDS_RECEIVED = 'INVOICE_EXCEEDS_RECEIVED';

/** What the portal answered the supplier (StatusUpdateRequest with InvoiceStatus), if anything yet. */
export const invoiceSupplierAnswerSchema = z.strictObject({
  type: z.enum(['reconciled', 'rejected']),
  state: z.enum(['queued', 'sent']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});

export const invoiceLineSchema = z.strictObject({
  invoice_line_number: z.number().int(),
  line_number: z.number().int(),
  quantity: z.number().int(),
  unit_price: moneyTextSchema,
  order_unit_price: moneyTextSchema,
  received_quantity: z.number().int(),
  /** Why this line did not match; empty when it did. */
  reasons: z.array(z.string()),
});

export const invoiceSchema = z.strictObject({
  id: z.uuid(),
  invoice_id: z.string(),
  purpose: z.enum(INVOICE_PURPOSES),
  /** For a credit memo: the invoiceID of the invoice it credits; null for an invoice. */
  credited_invoice_id: z.string().nullable(),
  supplier_identity: z.string(),
  order_id: z.uuid(),
  order_number: z.string(),
  invoice_date: z.string(),
  currency: z.string(),
  subtotal_amount: moneyTextSchema,
  tax_amount: moneyTextSchema,
  net_amount: moneyTextSchema,
  due_amount: moneyTextSchema,
  price_tolerance_percent: z.string(),
  status: invoiceStatusSchema,
  is_ready_to_pay: z.boolean(),
  /** Why the whole invoice did not match (duplicate invoiceID, totals); empty when it did. */
  reasons: z.array(z.string()),
  lines: z.array(invoiceLineSchema),
  received_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  /** When the supplier withdrew it (operation="delete"), or it gave way to an earlier invoice of its number. */
  withdrawn_at: z.string().nullable(),
  supplier_answer: invoiceSupplierAnswerSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The sort fields and filters of GET /api/admin/invoices. */
export const ADMIN_INVOICE_SORTS = ['received_at', 'invoice_date', 'net_amount', 'invoice_id', 'status'] as const;
export const adminInvoiceFilterSchema = z.object({
  id: idFilter(z.uuid()),
  status: invoiceStatusSchema.optional(),
  is_ready_to_pay: z.boolean().optional(),
  q: z.string().trim().max(100).optional(),
});

/** POST /api/admin/invoices/:id/accept and /dispute: finance says why. */
export const invoiceDecisionSchema = z.object({
  note: z
    .string({ error: 'Write a note saying why' })
    .trim()
    .min(1, 'Write a note saying why')
    .max(1000, 'At most 1000 characters'),
});
export type InvoiceDecision = z.infer<typeof invoiceDecisionSchema>;

/** GET/PUT /api/admin/invoice-settings (admins write; finance reads). */
export const invoiceMatchSettingsSchema = z.strictObject({
  price_tolerance_percent: z.coerce
    .number({ error: 'A percentage between 0 and 50' })
    .min(0, 'A percentage between 0 and 50')
    .max(50, 'A percentage between 0 and 50')
    .multipleOf(0.01, 'At most two decimals'),
});
export type InvoiceMatchSettings = z.infer<typeof invoiceMatchSettingsSchema>;

/**
 * The columns of the ready-to-pay CSV for accounts payable, in order: one row per ready-to-pay
 * invoice and per credit memo against one (negative amounts, credited_invoice_id naming the invoice).
 */
export const READY_TO_PAY_CSV_FIELDS = [
  'invoice_id',
  'supplier_identity',
  'order_number',
  'invoice_date',
  'currency',
  'subtotal_amount',
  'tax_amount',
  'due_amount',
  'status',
  'decided_by',
  'decision_note',
  'received_at',
  'credited_invoice_id',
] as const;
