import { dollars, toCents, type InvoiceLineToMatch, type MatchResult } from './invoice-match.rules.js';

/**
 * What the hospital pays for an order line never exceeds what the ward received: across the ready-to-pay
 * invoices of the order (matched or accepted), the quantity billed per order line is at most the
 * quantity received, and the amount at most that quantity × the highest unit price accepted on the
 * line. The same rule as the database's invoices_assert_within_received, checked first so that an
 * accept is refused, and an automatic match held, with words instead of a failed commit.
 */
export interface ReadyToPayLine {
  quantity: number;
  amountCents: number;
  highestPriceCents: number;
}

export interface OverReceived {
  lineNumber: number;
  /** Billed on the invoice being made ready to pay. */
  hereQuantity: number;
  /** Billed on the order's other ready-to-pay invoices. */
  otherQuantity: number;
  received: number;
  amountCents: number;
  allowedCents: number;
  highestPriceCents: number;
}

type BilledLine = Pick<InvoiceLineToMatch, 'lineNumber' | 'quantity' | 'unitPrice'>;

/** The first order line the invoice bills that would go beyond what was received once it is ready to pay. */
export function findOverReceived(
  here: readonly BilledLine[],
  others: ReadonlyMap<number, ReadyToPayLine>,
  received: ReadonlyMap<number, number>,
): OverReceived | null {
  const billedHere = new Map<number, ReadyToPayLine>();
  for (const line of here) {
    const price = toCents(line.unitPrice);
    const sum = billedHere.get(line.lineNumber) ?? { quantity: 0, amountCents: 0, highestPriceCents: 0 };
    billedHere.set(line.lineNumber, {
      quantity: sum.quantity + line.quantity,
      amountCents: sum.amountCents + line.quantity * price,
      highestPriceCents: Math.max(sum.highestPriceCents, price),
    });
  }
  for (const lineNumber of [...billedHere.keys()].sort((a, b) => a - b)) {
    const mine = billedHere.get(lineNumber)!;
    const other = others.get(lineNumber) ?? { quantity: 0, amountCents: 0, highestPriceCents: 0 };
    const receivedQuantity = received.get(lineNumber) ?? 0;
    const highestPriceCents = Math.max(mine.highestPriceCents, other.highestPriceCents);
    const amountCents = mine.amountCents + other.amountCents;
    const allowedCents = receivedQuantity * highestPriceCents;
    if (mine.quantity + other.quantity > receivedQuantity || amountCents > allowedCents) {
      return {
        lineNumber,
        hereQuantity: mine.quantity,
        otherQuantity: other.quantity,
        received: receivedQuantity,
        amountCents,
        allowedCents,
        highestPriceCents,
      };
    }
  }
  return null;
}

/** "order line 1: 12 would be ready to pay (10 on this invoice, 2 on others), but 10 received" */
export function overReceivedText(over: OverReceived): string {
  const total = over.hereQuantity + over.otherQuantity;
  if (total > over.received) {
    const split =
      over.otherQuantity > 0 ? ` (${over.hereQuantity} on this invoice, ${over.otherQuantity} on others)` : '';
    return `order line ${over.lineNumber}: ${total} would be ready to pay${split}, but ${over.received} received`;
  }
  return `order line ${over.lineNumber}: ${dollars(over.amountCents)} would be ready to pay, more than the ${over.received} received at ${dollars(over.highestPriceCents)} (${dollars(over.allowedCents)})`;
}

/** A match that would bill beyond what was received waits for finance instead, the line saying why. */
export function holdOverReceived(result: MatchResult, over: OverReceived | null, lineNumbers: number[]): MatchResult {
  if (result.status !== 'matched' || !over) return result;
  const text = overReceivedText(over);
  const reason = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  const index = lineNumbers.indexOf(over.lineNumber);
  return {
    ...result,
    status: 'exception',
    lines: result.lines.map((line, at) => (at === index ? { ...line, reasons: [...line.reasons, reason] } : line)),
  };
}
