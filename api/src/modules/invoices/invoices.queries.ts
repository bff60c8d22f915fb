import type { ADMIN_INVOICE_SORTS, InvoicePurpose, InvoiceStatus } from '../../contracts/invoices.js';
import type { Db } from '../../database/connection.js';
import { containsPattern } from '../../database/like-pattern.js';

/** One supplier's invoiceIDs are checked one writer at a time: a duplicate cannot slip in beside the first. */
export async function lockSupplierInvoiceId(db: Db, supplierIdentity: string, invoiceId: string): Promise<void> {
  await db.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 18))', [`invoice:${supplierIdentity}:${invoiceId}`]);
}

export async function selectPriceTolerancePercent(db: Db): Promise<number> {
  const row = await db('invoice_match_settings')
    .where({ id: 1 })
    .first<{ price_tolerance_percent: string } | undefined>('price_tolerance_percent');
  return Number(row?.price_tolerance_percent ?? 2);
}

export async function updatePriceTolerancePercent(db: Db, percent: number): Promise<void> {
  await db('invoice_match_settings')
    .insert({ id: 1, price_tolerance_percent: percent })
    .onConflict('id')
    .merge(['price_tolerance_percent']);
}

/** Where an invoice stands in the order invoices arrived: (received_at, id), as a re-match sees it. */
export interface InvoiceArrival {
  receivedAt: Date;
  id: string;
}

export async function selectOrderUnitPrices(db: Db, orderId: string): Promise<Map<number, string>> {
  const rows: { line_number: number; unit_price: string }[] = await db('order_items')
    .where({ order_id: orderId })
    .select('line_number', db.raw('unit_price::text AS unit_price'));
  return new Map(rows.map((row) => [row.line_number, Number(row.unit_price).toFixed(2)]));
}

export async function selectReceivedByLine(db: Db, orderId: string): Promise<Map<number, number>> {
  const rows: { line_number: number; quantity: number }[] = await db('order_receipt_lines as l')
    .join('order_receipts as r', 'r.id', 'l.receipt_id')
    .where('r.order_id', orderId)
    .groupBy('l.line_number')
    .select('l.line_number', db.raw('sum(l.quantity)::int AS quantity'));
  return new Map(rows.map((row) => [row.line_number, row.quantity]));
}

/**
 * What the order's invoices (neither disputed nor withdrawn; credit memos not counted) bill per order
 * line: all of them, or those before `before`.
 */
export async function selectInvoicedByLine(
  db: Db,
  orderId: string,
  before?: InvoiceArrival,
): Promise<Map<number, number>> {
  const query = db('invoice_lines as l')
    .join('invoices as i', 'i.id', 'l.invoice_id')
    .where({ 'i.order_id': orderId, 'i.purpose': 'standard' })
    .whereNotIn('i.status', ['disputed', 'withdrawn'])
    .groupBy('l.line_number')
    .select('l.line_number', db.raw('sum(l.quantity)::int AS quantity'));
  if (before) query.whereRaw('(i.received_at, i.id) < (?, ?)', [before.receivedAt, before.id]);
  const rows: { line_number: number; quantity: number }[] = await query;
  return new Map(rows.map((row) => [row.line_number, row.quantity]));
}

/** Whether this user recorded any receipt of the order (separation of duties). */
export async function hasReceivedGoodsOf(db: Db, orderId: string, userId: string): Promise<boolean> {
  const row = await db('order_receipts').where({ order_id: orderId, received_by: userId }).first('id');
  return row !== undefined;
}

export interface InvoiceLineRow {
  invoice_line_number: number;
  line_number: number;
  quantity: number;
  unit_price: string;
  order_unit_price: string;
  received_quantity: number;
  reasons: string[];
}

export interface InvoiceWrite {
  order_id: string;
  purpose: InvoicePurpose;
  credited_invoice_id: string | null;
  inbound_document_id: string;
  payload_id: string;
  supplier_identity: string;
  invoice_id: string;
  invoice_date: Date;
  currency: string;
  subtotal_amount: string;
  tax_amount: string;
  gross_amount: string | null;
  net_amount: string;
  due_amount: string | null;
  price_tolerance_percent: number;
  status: InvoiceStatus;
  reasons: string[];
  received_at: Date;
  lines: InvoiceLineRow[];
}

export async function insertInvoice(db: Db, write: InvoiceWrite): Promise<string> {
  const { lines, reasons, ...invoice } = write;
  const [row] = await db('invoices')
    .insert({ ...invoice, reasons: JSON.stringify(reasons) })
    .returning<{ id: string }[]>('id');
  await db('invoice_lines').insert(
    lines.map((line) => ({ ...line, reasons: JSON.stringify(line.reasons), invoice_id: row!.id })),
  );
  return row!.id;
}

export interface InvoiceRow {
  id: string;
  invoice_id: string;
  purpose: InvoicePurpose;
  credited_invoice_id: string | null;
  withdrawn_at: Date | null;
  supplier_identity: string;
  order_id: string;
  order_number: string;
  payload_id: string;
  invoice_date: Date;
  currency: string;
  subtotal_amount: string;
  tax_amount: string;
  net_amount: string;
  due_amount: string | null;
  price_tolerance_percent: string;
  status: InvoiceStatus;
  reasons: string[];
  received_at: Date;
  decided_by_label: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  lines: InvoiceLineRow[];
  supplier_answer: {
    status_type: 'reconciled' | 'rejected';
    sent_at: string | null;
    attempts: number;
    last_error: string | null;
  } | null;
}

export type InvoiceSort = (typeof ADMIN_INVOICE_SORTS)[number];

export interface InvoiceFilter {
  id?: string | string[];
  status?: InvoiceStatus;
  is_ready_to_pay?: boolean;
  q?: string;
}

const INVOICE_COLUMNS = `
  i.id, i.invoice_id, i.supplier_identity, i.order_id, o.order_number, i.payload_id, i.invoice_date, i.currency,
  i.subtotal_amount::text AS subtotal_amount, i.tax_amount::text AS tax_amount, i.net_amount::text AS net_amount,
  i.due_amount::text AS due_amount, i.price_tolerance_percent::text AS price_tolerance_percent, i.status, i.reasons,
  i.received_at, i.decided_by_label, i.decided_at, i.decision_note, i.purpose, i.withdrawn_at,
  (SELECT c.invoice_id FROM invoices c WHERE c.id = i.credited_invoice_id) AS credited_invoice_id,
  (SELECT coalesce(jsonb_agg(jsonb_build_object(
      'invoice_line_number', l.invoice_line_number, 'line_number', l.line_number, 'quantity', l.quantity,
      'unit_price', l.unit_price::text, 'order_unit_price', l.order_unit_price::text,
      'received_quantity', l.received_quantity, 'reasons', l.reasons) ORDER BY l.invoice_line_number), '[]')
     FROM invoice_lines l WHERE l.invoice_id = i.id) AS lines,
  (SELECT jsonb_build_object('status_type', u.status_type, 'sent_at', u.sent_at, 'attempts', u.attempts,
      'last_error', u.last_error)
     FROM invoice_status_updates u WHERE u.invoice_id = i.id ORDER BY u.id DESC LIMIT 1) AS supplier_answer`;

function filtered(db: Db, filter: InvoiceFilter) {
  const query = db('invoices as i').join('orders as o', 'o.id', 'i.order_id');
  if (filter.id) query.whereIn('i.id', Array.isArray(filter.id) ? filter.id : [filter.id]);
  if (filter.status) query.where('i.status', filter.status);
  if (filter.is_ready_to_pay !== undefined) {
    if (filter.is_ready_to_pay) query.whereIn('i.status', ['matched', 'accepted']);
    else query.whereNotIn('i.status', ['matched', 'accepted']);
  }
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query.where((where) => where.whereILike('i.invoice_id', pattern).orWhereILike('o.order_number', pattern));
  }
  return query;
}

export async function selectInvoicePage(
  db: Db,
  options: {
    filter: InvoiceFilter;
    sort: { field: InvoiceSort; order: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const rows: (InvoiceRow & { total: number })[] = await filtered(db, options.filter)
    .select(db.raw(INVOICE_COLUMNS), db.raw('count(*) OVER ()::int AS total'))
    .orderBy([
      { column: `i.${options.sort.field}`, order: options.sort.order },
      { column: 'i.id', order: 'desc' },
    ])
    .offset(options.offset)
    .limit(options.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

export async function selectInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  return filtered(db, { id }).first<InvoiceRow | undefined>(db.raw(INVOICE_COLUMNS));
}

/**
 * The ready-to-pay list for accounts payable, oldest first: the ready-to-pay invoices and the credit
 * memos against them. All are in force, so the unique index lists a supplier's invoiceID once.
 */
export function selectReadyToPay(db: Db): Promise<InvoiceRow[]> {
  return filtered(db, {})
    .where((ready) =>
      ready
        .whereIn('i.status', ['matched', 'accepted'])
        .orWhere((credits) =>
          credits
            .where('i.status', 'credit')
            .whereExists((credited) =>
              credited
                .from('invoices as c')
                .whereRaw('c.id = i.credited_invoice_id')
                .whereIn('c.status', ['matched', 'accepted']),
            ),
        ),
    )
    .select(db.raw(INVOICE_COLUMNS))
    .orderBy([
      { column: 'i.received_at', order: 'asc' },
      { column: 'i.id', order: 'asc' },
    ]);
}

/** The invoice's state, locked for the rest of the transaction (one decision at a time). */
export function selectInvoiceForDecision(db: Db, id: string) {
  return db('invoices').where({ id }).forUpdate().first<
    | {
        id: string;
        order_id: string;
        status: InvoiceStatus;
        invoice_id: string;
        payload_id: string;
        invoice_date: Date;
      }
    | undefined
  >('id', 'order_id', 'status', 'invoice_id', 'payload_id', 'invoice_date');
}

export async function updateInvoiceDecision(
  db: Db,
  id: string,
  decision: {
    status: 'accepted' | 'disputed';
    decided_by: string | null;
    decided_by_label: string;
    decided_at: Date;
    decision_note: string;
  },
): Promise<void> {
  await db('invoices').where({ id }).update(decision);
}

/** An invoice still waiting in the exceptions queue, with what its match read, locked for a re-match. */
export interface ExceptionInvoiceRow {
  id: string;
  invoice_id: string;
  supplier_identity: string;
  received_at: Date;
  price_tolerance_percent: string;
  subtotal_amount: string;
  tax_amount: string;
  gross_amount: string | null;
  net_amount: string;
  due_amount: string | null;
  lines: { invoice_line_number: number; line_number: number; quantity: number; unit_price: string }[];
}

/** The order's undecided exceptions, oldest first, locked: a decision and a re-match never cross. */
export async function selectExceptionInvoicesForRematch(db: Db, orderId: string): Promise<ExceptionInvoiceRow[]> {
  const invoices: Omit<ExceptionInvoiceRow, 'lines'>[] = await db('invoices')
    .where({ order_id: orderId, status: 'exception' })
    .orderBy([{ column: 'received_at' }, { column: 'id' }])
    .forUpdate()
    .select(
      'id',
      'invoice_id',
      'supplier_identity',
      'received_at',
      db.raw('price_tolerance_percent::text AS price_tolerance_percent'),
      db.raw('subtotal_amount::text AS subtotal_amount'),
      db.raw('tax_amount::text AS tax_amount'),
      db.raw('gross_amount::text AS gross_amount'),
      db.raw('net_amount::text AS net_amount'),
      db.raw('due_amount::text AS due_amount'),
    );
  if (invoices.length === 0) return [];
  const lines: (ExceptionInvoiceRow['lines'][number] & { invoice_id: string })[] = await db('invoice_lines')
    .whereIn(
      'invoice_id',
      invoices.map((invoice) => invoice.id),
    )
    .orderBy('invoice_line_number')
    .select('invoice_id', 'invoice_line_number', 'line_number', 'quantity', db.raw('unit_price::text AS unit_price'));
  return invoices.map((invoice) => ({
    ...invoice,
    lines: lines.filter((line) => line.invoice_id === invoice.id).map(({ invoice_id: _ignored, ...line }) => line),
  }));
}

/** A re-match's outcome: the status, the reasons and, per line, what was received by now. */
export async function updateInvoiceMatch(
  db: Db,
  id: string,
  match: {
    status: 'matched' | 'exception';
    reasons: string[];
    lines: { invoice_line_number: number; received_quantity: number; reasons: string[] }[];
  },
): Promise<void> {
  await db('invoices')
    .where({ id })
    .update({ status: match.status, reasons: JSON.stringify(match.reasons) });
  for (const line of match.lines) {
    await db('invoice_lines')
      .where({ invoice_id: id, invoice_line_number: line.invoice_line_number })
      .update({ received_quantity: line.received_quantity, reasons: JSON.stringify(line.reasons) });
  }
}
