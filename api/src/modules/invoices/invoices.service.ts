import { READY_TO_PAY_CSV_FIELDS, type Invoice, type InvoiceDecision } from '../../contracts/invoices.js';
import type { ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import type { ListPage } from '../../http/list-query.js';
import { recordAudit } from '../audit/audit.service.js';
import { refuse, type InvoiceDetailRead } from '../fulfilment/cxml-inbound/inbound-document.types.js';
import { matchInvoice } from './invoice-match.rules.js';
import { toInvoice } from './invoice.serializer.js';
import { queueInvoiceStatusUpdate, sendInvoiceStatusUpdate } from './invoice-status-updates.service.js';

export { sendDueInvoiceStatusUpdates, sendInvoiceStatusUpdate } from './invoice-status-updates.service.js';
import * as queries from './invoices.queries.js';

const INVOICE_NOT_FOUND = () => AppError.notFound('Invoice not found', 'INVOICE_NOT_FOUND');

export interface InboundInvoice {
  order: { id: string; order_number: string };
  document: InvoiceDetailRead;
  supplierIdentity: string;
  inboundDocumentId: string;
  payloadId: string;
  now: Date;
}

/**
 * Records an InvoiceDetailRequest in the inbound document's transaction, matched against the
 * order and its receipts. A matched invoice is ready to pay and its supplier is told at once
 * (reconciled, through the outbox); an exception waits for finance. Lines that name no line of
 * the order are refused (400), like every other document. Returns the status update to send
 * after commit, if any.
 */
export async function recordInboundInvoice(
  trx: Db,
  input: InboundInvoice,
): Promise<{ invoiceId: string; status: 'matched' | 'exception'; statusUpdateId: string | null }> {
  const { document, order } = input;
  if (document.currency !== 'USD') {
    throw refuse.badRequest(`Invoices are paid in USD; this one is in ${document.currency.slice(0, 10)}`);
  }
  const orderPrices = await queries.selectOrderUnitPrices(trx, order.id);
  for (const item of document.items) {
    if (!orderPrices.has(item.lineNumber)) {
      throw refuse.badRequest(
        `Invoice line ${item.invoiceLineNumber}: lineNumber ${item.lineNumber} is not a line of ${order.order_number}`,
      );
    }
  }
  await queries.lockSupplierInvoiceId(trx, input.supplierIdentity, document.invoiceId);
  const tolerancePercent = await queries.selectPriceTolerancePercent(trx);
  const result = matchInvoice({
    invoiceId: document.invoiceId,
    lines: document.items,
    summary: document.summary,
    orderPrices,
    received: await queries.selectReceivedByLine(trx, order.id),
    invoicedBefore: await queries.selectInvoicedByLine(trx, order.id),
    tolerancePercent,
    isDuplicate: await queries.hasOtherInvoiceWithId(trx, input.supplierIdentity, document.invoiceId),
  });
  const invoiceId = await queries.insertInvoice(trx, {
    order_id: order.id,
    inbound_document_id: input.inboundDocumentId,
    payload_id: input.payloadId,
    supplier_identity: input.supplierIdentity,
    invoice_id: document.invoiceId,
    invoice_date: document.invoiceDate,
    currency: document.currency,
    subtotal_amount: document.summary.subtotal,
    tax_amount: document.summary.tax,
    gross_amount: document.summary.gross,
    net_amount: document.summary.net,
    due_amount: document.summary.due,
    price_tolerance_percent: tolerancePercent,
    status: result.status,
    reasons: result.reasons,
    received_at: input.now,
    lines: document.items.map((item, index) => ({
      invoice_line_number: item.invoiceLineNumber,
      line_number: item.lineNumber,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      order_unit_price: result.lines[index]!.orderUnitPrice,
      received_quantity: result.lines[index]!.receivedQuantity,
      reasons: result.lines[index]!.reasons,
    })),
  });
  const statusUpdateId =
    result.status === 'matched'
      ? await queueInvoiceStatusUpdate(trx, { invoiceId, type: 'reconciled', comments: null, now: input.now })
      : null;
  return { invoiceId, status: result.status, statusUpdateId };
}

/**
 * Receipts arriving after an invoice (the invoice often comes first) can settle its quantity
 * exceptions: after each receipt the order's undecided exceptions are matched again with what
 * has been received by now, in the receipt's transaction. One that now matches is ready to pay and
 * its supplier is told "reconciled"; one that still does not keeps waiting, with its reasons and
 * received quantities brought up to date. Each is matched as of its own arrival: earlier invoices
 * count as billed before it, later ones do not. Returns the status updates to send after commit.
 */
export async function rematchInvoicesAfterReceipt(ctx: ServiceContext, trx: Db, orderId: string): Promise<string[]> {
  const invoices = await queries.selectExceptionInvoicesForRematch(trx, orderId);
  if (invoices.length === 0) return [];
  const [orderPrices, received] = await Promise.all([
    queries.selectOrderUnitPrices(trx, orderId),
    queries.selectReceivedByLine(trx, orderId),
  ]);
  const statusUpdateIds: string[] = [];
  for (const invoice of invoices) {
    const arrival = { receivedAt: invoice.received_at, id: invoice.id };
    const result = matchInvoice({
      invoiceId: invoice.invoice_id,
      lines: invoice.lines.map((line) => ({
        invoiceLineNumber: line.invoice_line_number,
        lineNumber: line.line_number,
        quantity: line.quantity,
        unitPrice: line.unit_price,
      })),
      summary: {
        subtotal: invoice.subtotal_amount,
        tax: invoice.tax_amount,
        gross: invoice.gross_amount,
        net: invoice.net_amount,
        due: invoice.due_amount,
      },
      orderPrices,
      received,
      invoicedBefore: await queries.selectInvoicedByLine(trx, orderId, arrival),
      tolerancePercent: Number(invoice.price_tolerance_percent),
      isDuplicate: await queries.hasOtherInvoiceWithId(trx, invoice.supplier_identity, invoice.invoice_id, arrival),
    });
    await queries.updateInvoiceMatch(trx, invoice.id, {
      status: result.status,
      reasons: result.reasons,
      lines: result.lines.map((line) => ({
        invoice_line_number: line.invoiceLineNumber,
        received_quantity: line.receivedQuantity,
        reasons: line.reasons,
      })),
    });
    if (result.status !== 'matched') continue;
    await recordAudit(
      ctx,
      {
        action: 'invoice.rematch',
        targetType: 'invoice',
        targetId: invoice.id,
        details: { invoice_id: invoice.invoice_id, status: 'matched' },
      },
      trx,
    );
    statusUpdateIds.push(
      await queueInvoiceStatusUpdate(trx, {
        invoiceId: invoice.id,
        type: 'reconciled',
        comments: null,
        now: ctx.now(),
      }),
    );
  }
  return statusUpdateIds;
}

export async function listInvoices(
  ctx: ServiceContext,
  page: ListPage<queries.InvoiceSort, queries.InvoiceFilter>,
): Promise<{ rows: Invoice[]; total: number }> {
  const { rows, total } = await queries.selectInvoicePage(ctx.db, page);
  return { rows: rows.map(toInvoice), total };
}

export async function getInvoice(ctx: ServiceContext, id: string): Promise<Invoice> {
  const row = await queries.selectInvoice(ctx.db, id);
  if (!row) throw INVOICE_NOT_FOUND();
  return toInvoice(row);
}

/**
 * Finance accepts an exception (ready to pay, the supplier told "reconciled") or disputes it
 * (the supplier told "rejected", with the note). Separation of duties: whoever received goods of
 * the order may not accept its invoice's exception. Decided once; the decision is audited.
 */
export async function decideInvoice(
  ctx: ServiceContext,
  id: string,
  decision: 'accept' | 'dispute',
  input: InvoiceDecision,
): Promise<Invoice> {
  if (ctx.actor.kind !== 'user') throw new AppError(403, 'FORBIDDEN', 'Only a signed-in user decides an invoice.');
  const actor = ctx.actor;
  const now = ctx.now();
  const statusUpdateId = await ctx.db.transaction(async (trx) => {
    const invoice = await queries.selectInvoiceForDecision(trx, id);
    if (!invoice) throw INVOICE_NOT_FOUND();
    if (invoice.status !== 'exception') {
      throw AppError.conflict(
        'INVOICE_NOT_AN_EXCEPTION',
        `Only an invoice waiting in the exceptions queue can be accepted or disputed (this one is ${invoice.status}).`,
      );
    }
    if (decision === 'accept' && (await queries.hasReceivedGoodsOf(trx, invoice.order_id, actor.userId))) {
      throw new AppError(
        403,
        'INVOICE_SEPARATION_OF_DUTIES',
        'You received goods of this order, so you cannot accept its invoice exception: another member of finance must.',
      );
    }
    const status = decision === 'accept' ? 'accepted' : 'disputed';
    await queries.updateInvoiceDecision(trx, id, {
      status,
      decided_by: actor.userId,
      decided_by_label: actor.label,
      decided_at: now,
      decision_note: input.note,
    });
    await recordAudit(
      ctx,
      {
        action: decision === 'accept' ? 'invoice.accept' : 'invoice.dispute',
        targetType: 'invoice',
        targetId: id,
        details: { invoice_id: invoice.invoice_id, note: input.note },
      },
      trx,
    );
    return queueInvoiceStatusUpdate(trx, {
      invoiceId: id,
      type: decision === 'accept' ? 'reconciled' : 'rejected',
      comments: input.note,
      now,
    });
  });
  await sendInvoiceStatusUpdate(ctx, statusUpdateId);
  return getInvoice(ctx, id);
}

/** The ready-to-pay list as CSV for accounts payable, every cell spreadsheet-safe; audited. */
export async function exportReadyToPay(ctx: ServiceContext): Promise<{ fileName: string; csv: string }> {
  const rows = (await queries.selectReadyToPay(ctx.db)).map(toInvoice);
  const csv = toSpreadsheetSafeCsv(
    rows.map((invoice) => ({
      ...invoice,
      invoice_date: invoice.invoice_date.slice(0, 10),
    })),
    [...READY_TO_PAY_CSV_FIELDS],
  );
  await recordAudit(ctx, {
    action: 'invoice.export_ready_to_pay',
    targetType: 'invoice',
    details: { rows: rows.length },
  });
  return { fileName: `ready-to-pay-${ctx.now().toISOString().slice(0, 10)}.csv`, csv };
}

export async function getInvoiceMatchSettings(ctx: ServiceContext) {
  return { price_tolerance_percent: await queries.selectPriceTolerancePercent(ctx.db) };
}

export async function saveInvoiceMatchSettings(ctx: ServiceContext, input: { price_tolerance_percent: number }) {
  await ctx.db.transaction(async (trx) => {
    await queries.updatePriceTolerancePercent(trx, input.price_tolerance_percent);
    await recordAudit(ctx, { action: 'settings.invoice_matching', targetType: 'settings', details: { ...input } }, trx);
  });
  return getInvoiceMatchSettings(ctx);
}
