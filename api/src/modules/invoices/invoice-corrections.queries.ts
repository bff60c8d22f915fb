import type { InvoicePurpose, InvoiceStatus } from '../../contracts/invoices.js';
import type { Db } from '../../database/connection.js';
import type { DocumentInForce } from './invoice-corrections.rules.js';
import type { ReadyToPayLine } from './ready-to-pay.rules.js';

/** Statuses of documents no longer in force: their invoiceID may be sent again. */
const OUT_OF_FORCE: InvoiceStatus[] = ['disputed', 'withdrawn'];

/**
 * The order row, locked for the rest of the transaction: receipts, inbound invoices, re-matches and
 * finance's decisions of one order take it first, so what is ready to pay is weighed against what
 * was received one writer at a time (the database's check takes the same lock).
 */
export async function lockOrderForInvoices(db: Db, orderId: string): Promise<void> {
  await db('orders').where({ id: orderId }).forUpdate().first('id');
}

export interface DocumentInForceRow extends DocumentInForce {
  id: string;
  order_id: string;
}

/** The supplier's document in force with this invoiceID, if any (at most one: a unique index). */
export function selectDocumentInForce(
  db: Db,
  supplierIdentity: string,
  invoiceId: string,
): Promise<DocumentInForceRow | undefined> {
  return db('invoices as i')
    .join('orders as o', 'o.id', 'i.order_id')
    .leftJoin('invoices as c', 'c.id', 'i.credited_invoice_id')
    .where({ 'i.supplier_identity': supplierIdentity, 'i.invoice_id': invoiceId })
    .whereNotIn('i.status', OUT_OF_FORCE)
    .first<DocumentInForceRow | undefined>(
      'i.id',
      'i.order_id',
      'i.invoice_id',
      'i.purpose',
      'i.status',
      'o.order_number',
      'i.payload_id',
      'i.received_at',
      'i.decided_at',
      'c.invoice_id as credited_invoice_id',
      'c.status as credited_status',
    );
}

/** The supplier's latest document with this invoiceID that is out of force (disputed or withdrawn). */
export function selectLatestOutOfForce(db: Db, supplierIdentity: string, invoiceId: string) {
  return db('invoices')
    .where({ supplier_identity: supplierIdentity, invoice_id: invoiceId })
    .whereIn('status', OUT_OF_FORCE)
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<
      { status: InvoiceStatus; purpose: InvoicePurpose; decided_at: Date | null; withdrawn_at: Date | null } | undefined
    >('status', 'purpose', 'decided_at', 'withdrawn_at');
}

/** Withdraws a document, and the credit memos against it with it (they credit nothing any more). */
export async function withdrawDocument(db: Db, id: string, by: { payloadId: string; now: Date }): Promise<void> {
  await db('invoices')
    .where({ id })
    .orWhere((credits) => credits.where({ credited_invoice_id: id, status: 'credit' }))
    .update({ status: 'withdrawn', withdrawn_at: by.now, withdrawn_by_payload_id: by.payloadId });
}

export interface BilledLineRow {
  lineNumber: number;
  quantity: number;
  unitPrice: string;
}

/** An invoice's lines as billed (order line, quantity, unit price). */
export async function selectBilledLines(db: Db, invoiceId: string): Promise<BilledLineRow[]> {
  return db('invoice_lines')
    .where({ invoice_id: invoiceId })
    .orderBy('invoice_line_number')
    .select('line_number as lineNumber', 'quantity', db.raw('unit_price::text AS "unitPrice"'));
}

/** The lines of the credit memos in force against an invoice (negative quantities). */
export async function selectCreditedLines(db: Db, invoiceId: string): Promise<BilledLineRow[]> {
  return db('invoice_lines as l')
    .join('invoices as c', 'c.id', 'l.invoice_id')
    .where({ 'c.credited_invoice_id': invoiceId, 'c.status': 'credit' })
    .select('l.line_number as lineNumber', 'l.quantity', db.raw('l.unit_price::text AS "unitPrice"'));
}

/** Per order line, what the order's ready-to-pay invoices bill (credit memos not counted). */
export async function selectReadyToPayByLine(db: Db, orderId: string): Promise<Map<number, ReadyToPayLine>> {
  const rows: { line_number: number; quantity: number; amount_cents: string; highest_price_cents: string }[] = await db(
    'invoice_lines as l',
  )
    .join('invoices as i', 'i.id', 'l.invoice_id')
    .where({ 'i.order_id': orderId, 'i.purpose': 'standard' })
    .whereIn('i.status', ['matched', 'accepted'])
    .groupBy('l.line_number')
    .select(
      'l.line_number',
      db.raw('sum(l.quantity)::int AS quantity'),
      db.raw('sum(l.quantity * l.unit_price * 100)::bigint::text AS amount_cents'),
      db.raw('(max(l.unit_price) * 100)::bigint::text AS highest_price_cents'),
    );
  return new Map(
    rows.map((row) => [
      row.line_number,
      {
        quantity: row.quantity,
        amountCents: Number(row.amount_cents),
        highestPriceCents: Number(row.highest_price_cents),
      },
    ]),
  );
}

/** The order an invoice belongs to (read before locking the order, then the invoice). */
export function selectInvoiceOrder(db: Db, id: string) {
  return db('invoices').where({ id }).first<{ order_id: string } | undefined>('order_id');
}
