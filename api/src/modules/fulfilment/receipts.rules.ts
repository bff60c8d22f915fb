import type { NotShippedLine, ReceiptRequest } from '../../contracts/fulfilment.js';
import { toReceiveOf } from './fulfilment.rules.js';

export interface ReceiptProblem {
  code: 'RECEIPT_UNKNOWN_LINE' | 'RECEIPT_EXCEEDS_ORDERED';
  message: string;
  errors: Record<string, string>;
}

/**
 * A receipt may name only the order's lines and never bring a line's received total above what
 * was ordered (the same line twice in one receipt counts twice). Field errors use the index of the
 * line in the request, as `lines.0.quantity`.
 */
export function checkReceipt(
  receipt: ReceiptRequest,
  ordered: ReadonlyMap<number, number>,
  received: ReadonlyMap<number, number>,
): ReceiptProblem | null {
  const adding = new Map<number, number>();
  for (const [index, line] of receipt.lines.entries()) {
    const orderedQuantity = ordered.get(line.line_number);
    if (orderedQuantity === undefined) {
      return {
        code: 'RECEIPT_UNKNOWN_LINE',
        message: `This order has no line ${line.line_number}.`,
        errors: { [`lines.${index}.line_number`]: `This order has no line ${line.line_number}` },
      };
    }
    const total = (received.get(line.line_number) ?? 0) + (adding.get(line.line_number) ?? 0) + line.quantity;
    adding.set(line.line_number, (adding.get(line.line_number) ?? 0) + line.quantity);
    if (total > orderedQuantity) {
      const left = Math.max(0, orderedQuantity - (total - line.quantity));
      const message =
        left === 0
          ? `Line ${line.line_number} is already received in full (${orderedQuantity} of ${orderedQuantity}).`
          : `Line ${line.line_number}: only ${left} of ${orderedQuantity} remain to be received.`;
      return {
        code: 'RECEIPT_EXCEEDS_ORDERED',
        message,
        errors: { [`lines.${index}.quantity`]: `At most ${left}` },
      };
    }
  }
  return null;
}

/**
 * What "Received in full" records: per line what the ship notices shipped and is not yet received,
 * plus the units not shipped yet when the receiver said to include them. `notShipped` names those
 * units either way, so that the caller can ask when it received nothing.
 */
export function inFullReceiptOf(
  lines: readonly (Parameters<typeof toReceiveOf>[0] & { title: string })[],
  includeNotShipped: boolean,
): { lines: { line_number: number; quantity: number }[]; notShipped: NotShippedLine[] } {
  const remainders = lines.map((line) => ({ ...toReceiveOf(line), title: line.title }));
  return {
    lines: remainders
      .map((line) => ({
        line_number: line.line_number,
        quantity: includeNotShipped ? line.quantity : line.quantity - line.not_shipped,
      }))
      .filter((line) => line.quantity > 0),
    notShipped: remainders
      .filter((line) => line.not_shipped > 0)
      .map((line) => ({
        line_number: line.line_number,
        title: line.title,
        quantity: line.not_shipped,
        backordered: line.backordered,
      })),
  };
}
