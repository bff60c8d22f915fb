import {
  INVOICE_EXCEEDS_RECEIVED,
  READY_TO_PAY_CSV_FIELDS,
  type Invoice,
  type InvoiceDecision,
} from '../../contracts/invoices.js';
import type { ServiceContext } from '../../context.js';
import { toSpreadsheetSafeCsv } from '../../csv/spreadsheet-safe-csv.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import type { ListPage } from '../../http/list-query.js';
import { recordAudit } from '../audit/audit.service.js';
import * as corrections from './invoice-corrections.queries.js';
import { matchInvoice } from './invoice-match.rules.js';
import { toInvoice } from './invoice.serializer.js';
import { queueInvoiceStatusUpdate, sendInvoiceStatusUpdate } from './invoice-status-updates.service.js';
import * as queries from './invoices.queries.js';
import { findOverReceived, holdOverReceived, overReceivedText } from './ready-to-pay.rules.js';

export { recordInboundInvoice, type InboundInvoice } from './inbound-invoices.service.js';
export { sendDueInvoiceStatusUpdates, sendInvoiceStatusUpdate } from './invoice-status-updates.service.js';

const INVOICE_NOT_FOUND = () => AppError.notFound('Invoice not found', 'INVOICE_NOT_FOUND');

/**
 * Receipts arriving after an invoice (the invoice often comes first) can settle its quantity
 * exceptions: after each receipt the order's undecided exceptions are matched again with what
 * has been received by now, in the receipt's transaction. One that now matches is ready to pay and
 * its supplier is told "reconciled"; one that still does not keeps waiting, with its reasons and
 * received quantities brought up to date. Each is matched as of its own arrival: earlier invoices
 * count as billed before it, later ones do not. Returns the status updates to send after commit.
 */
export async function rematchInvoicesAfterReceipt(ctx: ServiceContext, trx: Db, orderId: string): Promise<string[]> {
  await corrections.lockOrderForInvoices(trx, orderId);
  const invoices = await queries.selectExceptionInvoicesForRematch(trx, orderId);
  if (invoices.length === 0) return [];
  const [orderPrices, received] = await Promise.all([
    queries.selectOrderUnitPrices(trx, orderId),
    queries.selectReceivedByLine(trx, orderId),
  ]);
  const statusUpdateIds: string[] = [];
  for (const invoice of invoices) {
    const arrival = { receivedAt: invoice.received_at, id: invoice.id };
    const lines = invoice.lines.map((line) => ({
      invoiceLineNumber: line.invoice_line_number,
      lineNumber: line.line_number,
      quantity: line.quantity,
      unitPrice: line.unit_price,
    }));
    const matched = matchInvoice({
      lines,
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
    });
    // Earlier invoices made ready to pay in this loop count too: they are written before the next is weighed.
    const result = holdOverReceived(
      matched,
      findOverReceived(lines, await corrections.selectReadyToPayByLine(trx, orderId), received),
      lines.map((line) => line.lineNumber),
    );
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
 * the order may not accept its invoice's exception. Accepting never bills an order line beyond what
 * was received, counting the order's other ready-to-pay invoices (409 INVOICE_EXCEEDS_RECEIVED);
 * the order is locked first, so two accepts of one order are weighed one after the other. Decided
 * once; the decision is audited.
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
    const found = await corrections.selectInvoiceOrder(trx, id);
    if (!found) throw INVOICE_NOT_FOUND();
    await corrections.lockOrderForInvoices(trx, found.order_id);
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
    if (decision === 'accept') await assertWithinReceived(trx, invoice);
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

/** Refuses (409) an accept that would bill an order line beyond what was received. */
async function assertWithinReceived(trx: Db, invoice: { id: string; order_id: string; invoice_id: string }) {
  const over = findOverReceived(
    await corrections.selectBilledLines(trx, invoice.id),
    await corrections.selectReadyToPayByLine(trx, invoice.order_id),
    await queries.selectReceivedByLine(trx, invoice.order_id),
  );
  if (!over) return;
  throw new AppError(
    409,
    INVOICE_EXCEEDS_RECEIVED,
    `Invoice ${invoice.invoice_id} cannot be accepted: ${overReceivedText(over)}. Dispute it, or wait for the goods.`,
    undefined,
    {
      line_number: over.lineNumber,
      invoice_quantity: over.hereQuantity,
      other_ready_to_pay_quantity: over.otherQuantity,
      received_quantity: over.received,
    },
  );
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
