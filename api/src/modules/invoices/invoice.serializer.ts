import type { Invoice } from '../../contracts/invoices.js';
import { isReadyToPay } from './invoice-match.rules.js';
import type { InvoiceRow } from './invoices.queries.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The one JSON shape of an invoice (contracts/invoices.ts). */
export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoice_id: row.invoice_id,
    purpose: row.purpose,
    credited_invoice_id: row.credited_invoice_id,
    supplier_identity: row.supplier_identity,
    order_id: row.order_id,
    order_number: row.order_number,
    invoice_date: iso(row.invoice_date),
    currency: row.currency,
    subtotal_amount: Number(row.subtotal_amount).toFixed(2),
    tax_amount: Number(row.tax_amount).toFixed(2),
    net_amount: Number(row.net_amount).toFixed(2),
    due_amount: Number(row.due_amount ?? row.net_amount).toFixed(2),
    price_tolerance_percent: String(Number(row.price_tolerance_percent)),
    status: row.status,
    is_ready_to_pay: isReadyToPay(row.status),
    reasons: row.reasons,
    lines: row.lines.map((line) => ({
      ...line,
      unit_price: Number(line.unit_price).toFixed(2),
      order_unit_price: Number(line.order_unit_price).toFixed(2),
    })),
    received_at: iso(row.received_at),
    decided_by: row.decided_by_label,
    decided_at: row.decided_at ? iso(row.decided_at) : null,
    decision_note: row.decision_note,
    withdrawn_at: row.withdrawn_at ? iso(row.withdrawn_at) : null,
    supplier_answer: row.supplier_answer
      ? {
          type: row.supplier_answer.status_type,
          state: row.supplier_answer.sent_at ? 'sent' : 'queued',
          attempts: row.supplier_answer.attempts,
          last_error: row.supplier_answer.last_error,
        }
      : null,
  };
}
