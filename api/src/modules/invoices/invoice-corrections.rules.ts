import type { InvoicePurpose, InvoiceStatus } from '../../contracts/invoices.js';
import { dollars, isReadyToPay, toCents, type InvoiceLineToMatch } from './invoice-match.rules.js';

/**
 * A supplier's invoiceID names one document in force (neither disputed nor withdrawn). A second
 * document with it is refused, naming the first; the supplier withdraws a document that is not
 * ready to pay (operation="delete") and corrects one that is with a credit memo of its own number.
 * Ready to pay means accounts payable may already have paid it, so it is never withdrawn.
 */
export interface DocumentInForce {
  invoice_id: string;
  purpose: InvoicePurpose;
  status: InvoiceStatus;
  order_number: string;
  payload_id: string;
  received_at: Date;
  decided_at: Date | null;
  /** For a credit memo: the invoiceID it credits and that invoice's status. */
  credited_invoice_id: string | null;
  credited_status: InvoiceStatus | null;
}

const day = (date: Date) => new Date(date).toISOString().slice(0, 10);

function nameOf(document: Pick<DocumentInForce, 'purpose' | 'invoice_id'>): string {
  return `${document.purpose === 'creditMemo' ? 'Credit memo' : 'Invoice'} ${document.invoice_id}`;
}

const CREDIT_ADVICE = (invoiceId: string) => `a credit memo naming ${invoiceId} in InvoiceIDInfo`;

/** Why the document cannot be withdrawn, or null when it can. */
export function withdrawalRefusal(document: DocumentInForce): string | null {
  if (document.purpose === 'creditMemo') {
    return document.credited_status && isReadyToPay(document.credited_status)
      ? `${nameOf(document)} credits invoice ${document.credited_invoice_id}, which is ready to pay: it can no longer be withdrawn`
      : null;
  }
  if (!isReadyToPay(document.status)) return null;
  const since =
    document.status === 'accepted' && document.decided_at
      ? `accepted by the hospital's finance team on ${day(document.decided_at)}`
      : 'matched';
  return `${nameOf(document)} is ready to pay (${since}) and can no longer be withdrawn; send ${CREDIT_ADVICE(document.invoice_id)} to correct it`;
}

/** The 409 text for a document whose invoiceID is already in force: the first one, and what to send instead. */
export function duplicateRefusal(first: DocumentInForce): string {
  const received = `${nameOf(first)} was already received from this supplier on ${day(first.received_at)} for ${first.order_number} (payloadID ${first.payload_id})`;
  const isWithdrawable = withdrawalRefusal(first) === null;
  if (first.purpose === 'creditMemo') {
    return `${received}; ${isWithdrawable ? 'send operation="delete" to withdraw it' : `it credits invoice ${first.credited_invoice_id}, which is ready to pay`}`;
  }
  return isWithdrawable
    ? `${received}; send operation="delete" to withdraw it or ${CREDIT_ADVICE(first.invoice_id)} to correct it`
    : `${received}; it is ready to pay: send ${CREDIT_ADVICE(first.invoice_id)}, with its own invoiceID, to correct it`;
}

/** Why a delete finds nothing to withdraw: 409 for a disputed invoice (settled), 400 otherwise. */
export function nothingToWithdraw(
  invoiceId: string,
  latest: { status: InvoiceStatus; decided_at: Date | null; withdrawn_at: Date | null } | undefined,
): { isConflict: boolean; message: string } {
  if (latest?.status === 'disputed' && latest.decided_at) {
    return {
      isConflict: true,
      message: `Invoice ${invoiceId} was disputed on ${day(latest.decided_at)}: it will not be paid, and its invoiceID may be sent again`,
    };
  }
  const withdrawn = latest?.withdrawn_at ? ` (it was withdrawn on ${day(latest.withdrawn_at)})` : '';
  return {
    isConflict: false,
    message: `operation="delete": no document ${invoiceId} of this supplier is in force${withdrawn}`,
  };
}

/** Why a credit memo's InvoiceIDInfo names nothing it can credit: 409 for a disputed invoice, 400 otherwise. */
export function nothingToCredit(
  invoiceId: string,
  named: Pick<DocumentInForce, 'purpose'> | undefined,
  latest: { status: InvoiceStatus; decided_at: Date | null } | undefined,
): { isConflict: boolean; message: string } {
  if (named?.purpose === 'creditMemo') {
    return {
      isConflict: false,
      message: `InvoiceIDInfo names credit memo ${invoiceId}: a credit memo credits an invoice`,
    };
  }
  if (latest?.status === 'disputed' && latest.decided_at) {
    return {
      isConflict: true,
      message: `Invoice ${invoiceId} was disputed on ${day(latest.decided_at)}: it will not be paid, so there is nothing to credit`,
    };
  }
  return {
    isConflict: false,
    message: `InvoiceIDInfo names invoice ${invoiceId}, which is no invoice of this supplier in force`,
  };
}

type Line = Pick<InvoiceLineToMatch, 'lineNumber' | 'quantity' | 'unitPrice'>;

function perOrderLine(lines: readonly Line[]): Map<number, { quantity: number; cents: number }> {
  const sums = new Map<number, { quantity: number; cents: number }>();
  for (const line of lines) {
    const sum = sums.get(line.lineNumber) ?? { quantity: 0, cents: 0 };
    const quantity = Math.abs(line.quantity);
    sums.set(line.lineNumber, {
      quantity: sum.quantity + quantity,
      cents: sum.cents + quantity * toCents(line.unitPrice),
    });
  }
  return sums;
}

/**
 * A credit memo credits lines its invoice billed, never more of an order line (in quantity or
 * amount) than the invoice billed, counting the invoice's earlier credit memos. Null when it fits.
 */
export function creditMemoProblem(
  credit: readonly (Line & { invoiceLineNumber: number })[],
  invoice: { invoiceId: string; lines: readonly Line[] },
  creditedBefore: readonly Line[],
): string | null {
  const billed = perOrderLine(invoice.lines);
  const before = perOrderLine(creditedBefore);
  for (const line of credit) {
    if (!billed.has(line.lineNumber)) {
      return `Credit memo line ${line.invoiceLineNumber}: order line ${line.lineNumber} is not on invoice ${invoice.invoiceId}`;
    }
  }
  for (const [lineNumber, here] of perOrderLine(credit)) {
    const invoiced = billed.get(lineNumber)!;
    const earlier = before.get(lineNumber) ?? { quantity: 0, cents: 0 };
    const onEarlier = earlier.quantity > 0 ? ' (with earlier credit memos)' : '';
    if (here.quantity + earlier.quantity > invoiced.quantity) {
      return `Order line ${lineNumber}: ${here.quantity + earlier.quantity} credited${onEarlier}, but invoice ${invoice.invoiceId} billed ${invoiced.quantity}`;
    }
    if (here.cents + earlier.cents > invoiced.cents) {
      return `Order line ${lineNumber}: ${dollars(here.cents + earlier.cents)} credited${onEarlier}, but invoice ${invoice.invoiceId} billed ${dollars(invoiced.cents)}`;
    }
  }
  return null;
}
