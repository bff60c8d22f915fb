/**
 * The three-way match of a supplier invoice: the invoice against the order (price) and the ward's
 * receipts (quantity), its own arithmetic, and the supplier's earlier invoices of the order. Every
 * problem becomes a reason, per line or for the whole invoice; an invoice without any is matched
 * (ready to pay), else it waits for finance as an exception. An invoiceID already in force never
 * gets here: it is refused (invoice-corrections.rules.ts).
 */
export const DEFAULT_PRICE_TOLERANCE_PERCENT = 2;

export interface InvoiceLineToMatch {
  invoiceLineNumber: number;
  lineNumber: number;
  quantity: number;
  unitPrice: string;
}

export interface MatchInput {
  lines: readonly InvoiceLineToMatch[];
  summary: { subtotal: string; tax: string; gross: string | null; net: string; due: string | null };
  /** The order's unit price per line number. */
  orderPrices: ReadonlyMap<number, string>;
  /** What the ward received per line number (all receipts). */
  received: ReadonlyMap<number, number>;
  /** What the supplier's earlier invoices of this order, neither disputed nor withdrawn, bill per line number. */
  invoicedBefore: ReadonlyMap<number, number>;
  tolerancePercent: number;
}

export interface LineMatch {
  invoiceLineNumber: number;
  orderUnitPrice: string;
  receivedQuantity: number;
  reasons: string[];
}

export interface MatchResult {
  status: 'matched' | 'exception';
  reasons: string[];
  lines: LineMatch[];
}

export const toCents = (amount: string): number => Math.round(Number(amount) * 100);
export const dollars = (cents: number): string => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

function percentText(value: number): string {
  return `${Number(value.toFixed(2))} %`;
}

/** Price off by more than the tolerance, either way (a much lower price is a wrong item as often as a gift). */
export function priceReason(invoiceCents: number, orderCents: number, tolerancePercent: number): string | null {
  const difference = invoiceCents - orderCents;
  if (difference === 0) return null;
  // In hundredths of a percent, integers only: |difference| / order > tolerance / 100.
  const isOutside = orderCents === 0 || Math.abs(difference) * 10_000 > Math.round(tolerancePercent * 100) * orderCents;
  if (!isOutside) return null;
  const offBy = orderCents === 0 ? '' : `${percentText((Math.abs(difference) / orderCents) * 100)} `;
  return `Unit price ${dollars(invoiceCents)} is ${offBy}${difference > 0 ? 'above' : 'below'} the order's ${dollars(orderCents)} (tolerance ${percentText(tolerancePercent)})`;
}

export function matchInvoice(input: MatchInput): MatchResult {
  const invoicedHere = new Map<number, number>();
  for (const line of input.lines) {
    invoicedHere.set(line.lineNumber, (invoicedHere.get(line.lineNumber) ?? 0) + line.quantity);
  }
  const lines = input.lines.map((line): LineMatch => {
    const ordered = input.orderPrices.get(line.lineNumber);
    const orderUnitPrice = ordered ?? '0.00';
    const received = input.received.get(line.lineNumber) ?? 0;
    const reasons: string[] = [];
    // A line the order does not have (or one an approver rejected) was never ordered.
    const price =
      ordered === undefined
        ? `Order line ${line.lineNumber} is not on the order: it was not ordered or was rejected by the approver`
        : priceReason(toCents(line.unitPrice), toCents(orderUnitPrice), input.tolerancePercent);
    if (price) reasons.push(price);
    const here = invoicedHere.get(line.lineNumber) ?? 0;
    const before = input.invoicedBefore.get(line.lineNumber) ?? 0;
    if (here + before > received) {
      const invoiced = before > 0 ? `${here} invoiced here and ${before} on earlier invoices` : `${here} invoiced`;
      reasons.push(`Order line ${line.lineNumber}: ${invoiced}, but ${received} received`);
    }
    return { invoiceLineNumber: line.invoiceLineNumber, orderUnitPrice, receivedQuantity: received, reasons };
  });

  const reasons = summaryReasons(input.lines, input.summary);
  const hasException = reasons.length > 0 || lines.some((line) => line.reasons.length > 0);
  return { status: hasException ? 'exception' : 'matched', reasons, lines };
}

/** Where the lines do not add up to SubtotalAmount, or SubtotalAmount + Tax to the totals given. */
export function summaryReasons(lines: readonly InvoiceLineToMatch[], summary: MatchInput['summary']): string[] {
  const reasons: string[] = [];
  const lineTotal = lines.reduce((sum, line) => sum + line.quantity * toCents(line.unitPrice), 0);
  const subtotal = toCents(summary.subtotal);
  if (lineTotal !== subtotal) {
    reasons.push(`The lines add up to ${dollars(lineTotal)}, but SubtotalAmount is ${dollars(subtotal)}`);
  }
  const expected = subtotal + toCents(summary.tax);
  for (const [name, amount] of [
    ['GrossAmount', summary.gross],
    ['NetAmount', summary.net],
    ['DueAmount', summary.due],
  ] as const) {
    if (amount !== null && toCents(amount) !== expected) {
      reasons.push(
        `SubtotalAmount ${dollars(subtotal)} + Tax ${dollars(toCents(summary.tax))} is ${dollars(expected)}, but ${name} is ${dollars(toCents(amount))}`,
      );
    }
  }
  return reasons;
}

/** Whether an invoice of this status is on the ready-to-pay list. */
export function isReadyToPay(status: string): boolean {
  return status === 'matched' || status === 'accepted';
}

/** A status update is given up after this many attempts (it stays listed with its error). */
export const MAX_STATUS_UPDATE_ATTEMPTS = 10;

/** The next try of a status update the supplier did not take: 30 s, 1 min, 2 min … up to an hour. */
export function statusUpdateRetryAt(attempts: number, now: Date): Date {
  return new Date(now.getTime() + Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1)) * 1000);
}
