import type { Db } from '../../database/connection.js';
import { InboundRefusal, refuse, type InvoiceDetailRead } from '../fulfilment/cxml-inbound/inbound-document.types.js';
import {
  creditMemoProblem,
  duplicateRefusal,
  nothingToCredit,
  nothingToWithdraw,
  withdrawalRefusal,
} from './invoice-corrections.rules.js';
import * as corrections from './invoice-corrections.queries.js';
import { matchInvoice, summaryReasons, type LineMatch } from './invoice-match.rules.js';
import { queueInvoiceStatusUpdate } from './invoice-status-updates.service.js';
import * as queries from './invoices.queries.js';
import { findOverReceived, holdOverReceived } from './ready-to-pay.rules.js';

export interface InboundInvoice {
  order: { id: string; order_number: string };
  document: InvoiceDetailRead;
  supplierIdentity: string;
  inboundDocumentId: string;
  payloadId: string;
  now: Date;
}

export interface RecordedInvoice {
  /** The row written (or withdrawn, for operation="delete"). */
  invoiceId: string;
  status: 'matched' | 'exception' | 'credit' | 'withdrawn';
  /** The status update to send to the supplier after commit, if any. */
  statusUpdateId: string | null;
}

/**
 * Records an InvoiceDetailRequest in the inbound document's transaction. A supplier's invoiceID names
 * one document in force: a second one is refused (409) naming the first, unless it withdraws it
 * (operation="delete", only while it is not ready to pay). A standard invoice is matched against the
 * order and its receipts: matched, it is ready to pay and its supplier told at once ("reconciled",
 * through the outbox); else it waits for finance. A credit memo is stored against the invoice it
 * credits, never ready to pay itself. Lines that name no line of the order are refused (400), like
 * every other document. A refusal thrown here rolls the whole document back.
 */
export async function recordInboundInvoice(trx: Db, input: InboundInvoice): Promise<RecordedInvoice> {
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
  await corrections.lockOrderForInvoices(trx, order.id);
  await queries.lockSupplierInvoiceId(trx, input.supplierIdentity, document.invoiceId);
  const inForce = await corrections.selectDocumentInForce(trx, input.supplierIdentity, document.invoiceId);
  if (document.operation === 'delete') return withdrawDocument(trx, input, inForce);
  if (inForce) throw refuse.conflict(duplicateRefusal(inForce));
  const received = await queries.selectReceivedByLine(trx, order.id);
  const tolerancePercent = await queries.selectPriceTolerancePercent(trx);
  if (document.purpose === 'creditMemo') {
    return recordCreditMemo(trx, input, { orderPrices, received, tolerancePercent });
  }
  const matched = matchInvoice({
    lines: document.items,
    summary: document.summary,
    orderPrices,
    received,
    invoicedBefore: await queries.selectInvoicedByLine(trx, order.id),
    tolerancePercent,
  });
  const over = findOverReceived(document.items, await corrections.selectReadyToPayByLine(trx, order.id), received);
  const result = holdOverReceived(
    matched,
    over,
    document.items.map((item) => item.lineNumber),
  );
  const invoiceId = await insertDocument(trx, input, {
    status: result.status,
    reasons: result.reasons,
    tolerancePercent,
    creditedInvoiceId: null,
    lines: result.lines,
  });
  const statusUpdateId =
    result.status === 'matched'
      ? await queueInvoiceStatusUpdate(trx, { invoiceId, type: 'reconciled', comments: null, now: input.now })
      : null;
  return { invoiceId, status: result.status, statusUpdateId };
}

/** operation="delete": withdraws the document of the invoiceID, when it is not ready to pay. */
async function withdrawDocument(
  trx: Db,
  input: InboundInvoice,
  inForce: corrections.DocumentInForceRow | undefined,
): Promise<RecordedInvoice> {
  const { document, order } = input;
  if (!inForce) {
    const latest = await corrections.selectLatestOutOfForce(trx, input.supplierIdentity, document.invoiceId);
    throw asRefusal(nothingToWithdraw(document.invoiceId, latest));
  }
  if (inForce.order_id !== order.id) {
    throw refuse.badRequest(
      `operation="delete": ${document.invoiceId} is a document of ${inForce.order_number}, not of ${order.order_number}`,
    );
  }
  if (inForce.purpose !== document.purpose) {
    throw refuse.badRequest(
      `operation="delete" repeats the purpose of the document it withdraws: ${document.invoiceId} is ${inForce.purpose === 'creditMemo' ? 'a credit memo' : 'a standard invoice'}`,
    );
  }
  assertSamePayload(document, inForce);
  const refusal = withdrawalRefusal(inForce);
  if (refusal) throw refuse.conflict(refusal);
  await corrections.withdrawDocument(trx, inForce.id, { payloadId: input.payloadId, now: input.now });
  return { invoiceId: inForce.id, status: 'withdrawn', statusUpdateId: null };
}

/** A credit memo: checked against the invoice it credits, stored as a negative document with status credit. */
async function recordCreditMemo(
  trx: Db,
  input: InboundInvoice,
  order: { orderPrices: Map<number, string>; received: Map<number, number>; tolerancePercent: number },
): Promise<RecordedInvoice> {
  const { document } = input;
  const creditedId = document.creditedInvoiceId ?? '';
  const credited = await corrections.selectDocumentInForce(trx, input.supplierIdentity, creditedId);
  if (!credited || credited.purpose !== 'standard') {
    const latest = credited
      ? undefined
      : await corrections.selectLatestOutOfForce(trx, input.supplierIdentity, creditedId);
    throw asRefusal(nothingToCredit(creditedId, credited, latest));
  }
  if (credited.order_id !== input.order.id) {
    throw refuse.badRequest(
      `Invoice ${creditedId} is of ${credited.order_number}: its credit memo names the same order, not ${input.order.order_number}`,
    );
  }
  assertSamePayload(document, credited);
  const problem =
    creditMemoProblem(
      document.items,
      { invoiceId: creditedId, lines: await corrections.selectBilledLines(trx, credited.id) },
      await corrections.selectCreditedLines(trx, credited.id),
    ) ?? summaryReasons(document.items, document.summary).join('; ');
  if (problem) throw refuse.badRequest(problem);
  const invoiceId = await insertDocument(trx, input, {
    status: 'credit',
    reasons: [],
    tolerancePercent: order.tolerancePercent,
    creditedInvoiceId: credited.id,
    lines: document.items.map((item) => ({
      invoiceLineNumber: item.invoiceLineNumber,
      orderUnitPrice: order.orderPrices.get(item.lineNumber)!,
      receivedQuantity: order.received.get(item.lineNumber) ?? 0,
      reasons: [],
    })),
  });
  return { invoiceId, status: 'credit', statusUpdateId: null };
}

/** DocumentReference in the header, when given, is the payloadID of the document referred to. */
function assertSamePayload(document: InvoiceDetailRead, referred: { invoice_id: string; payload_id: string }) {
  if (document.previousPayloadId && document.previousPayloadId !== referred.payload_id) {
    throw refuse.badRequest(
      `DocumentReference payloadID ${document.previousPayloadId} is not the payloadID of ${referred.invoice_id} (${referred.payload_id})`,
    );
  }
}

function asRefusal(refusal: { isConflict: boolean; message: string }): InboundRefusal {
  return refusal.isConflict ? refuse.conflict(refusal.message) : refuse.badRequest(refusal.message);
}

async function insertDocument(
  trx: Db,
  input: InboundInvoice,
  outcome: {
    status: queries.InvoiceWrite['status'];
    reasons: string[];
    tolerancePercent: number;
    creditedInvoiceId: string | null;
    lines: LineMatch[];
  },
): Promise<string> {
  const { document } = input;
  return queries.insertInvoice(trx, {
    order_id: input.order.id,
    purpose: document.purpose,
    credited_invoice_id: outcome.creditedInvoiceId,
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
    price_tolerance_percent: outcome.tolerancePercent,
    status: outcome.status,
    reasons: outcome.reasons,
    received_at: input.now,
    lines: document.items.map((item, index) => ({
      invoice_line_number: item.invoiceLineNumber,
      line_number: item.lineNumber,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      order_unit_price: outcome.lines[index]!.orderUnitPrice,
      received_quantity: outcome.lines[index]!.receivedQuantity,
      reasons: outcome.lines[index]!.reasons,
    })),
  });
}
