import {
  deriveFulfilment,
  type ConfirmationVersion,
  type OrderedLine,
  type ReceivedLine,
  type ShipmentVersion,
} from './fulfilment.rules.js';

/** One order line's quantities as the documents and receipts in force make them. */
export interface LineQuantities {
  line_number: number;
  ordered: number;
  confirmed: number;
  backordered: number;
  rejected: number;
  shipped: number;
  received: number;
}

/**
 * The quantity rules every order line keeps at every moment; a document or receipt that would break
 * one is refused whole:
 * - `covered`: confirmed + backordered + rejected ≤ ordered;
 * - `shipped`: shipped ≤ ordered − rejected;
 * - `received`: received ≤ ordered − rejected.
 */
export type QuantityRule = 'covered' | 'shipped' | 'received';

export const QUANTITY_RULES: readonly QuantityRule[] = ['covered', 'shipped', 'received'];

export interface QuantityBreach {
  rule: QuantityRule;
  line_number: number;
  ordered: number;
  rejected: number;
  /** The quantity over its limit: confirmed + backordered + rejected, shipped or received. */
  quantity: number;
}

/**
 * Each line's quantities, by the same derivation the screens use (a line's confirmation is the
 * newest in force that mentions it, or a whole-order accept or reject). Callers pass what would be
 * in force once their change is applied.
 */
export function lineQuantitiesOf(input: {
  lines: OrderedLine[];
  confirmations: ConfirmationVersion[];
  shipments: ShipmentVersion[];
  receipts: ReceivedLine[];
}): LineQuantities[] {
  // Only quantities are read: the order status and the clock do not change them.
  const derived = deriveFulfilment({ ...input, orderStatus: 'submitted', now: new Date(0) });
  return derived.lines.map((line) => ({
    line_number: line.line_number,
    ordered: line.ordered,
    confirmed: line.confirmed_quantity,
    backordered: line.backordered_quantity,
    rejected: line.rejected_quantity,
    shipped: line.shipped_quantity,
    received: line.received_quantity,
  }));
}

/**
 * The first line (in line order) that breaks one of `rules`, or null. Given the lines as they stood
 * `before` the change, a line already over a limit (written before these rules held) is a breach
 * only if the change takes it further over, so it does not block documents about other lines.
 */
export function findQuantityBreach(
  lines: readonly LineQuantities[],
  rules: readonly QuantityRule[] = QUANTITY_RULES,
  before: readonly LineQuantities[] = [],
): QuantityBreach | null {
  for (const line of [...lines].sort((a, b) => a.line_number - b.line_number)) {
    const earlier = before.find((candidate) => candidate.line_number === line.line_number);
    for (const rule of QUANTITY_RULES.filter((candidate) => rules.includes(candidate))) {
      const excess = excessOf(line, rule);
      if (excess > 0 && excess > (earlier ? excessOf(earlier, rule) : 0)) {
        const quantity = excess + limitOf(line, rule);
        return { rule, line_number: line.line_number, ordered: line.ordered, rejected: line.rejected, quantity };
      }
    }
  }
  return null;
}

function limitOf(line: LineQuantities, rule: QuantityRule): number {
  return rule === 'covered' ? line.ordered : line.ordered - line.rejected;
}

/** How far the line is over the rule's limit (negative when under it). */
function excessOf(line: LineQuantities, rule: QuantityRule): number {
  const quantity =
    rule === 'covered'
      ? line.confirmed + line.backordered + line.rejected
      : rule === 'shipped'
        ? line.shipped
        : line.received;
  return quantity - limitOf(line, rule);
}

/** The breach in words, e.g. "Line 2 of SO-001234: 6 shipped, but only 4 of 10 were not rejected by the supplier". */
export function quantityBreachText(breach: QuantityBreach, orderNumber: string): string {
  const line = `Line ${breach.line_number} of ${orderNumber}`;
  if (breach.rule === 'covered') {
    return `${line}: ${breach.quantity} confirmed, backordered or rejected, but only ${breach.ordered} were ordered`;
  }
  const verb = breach.rule === 'shipped' ? 'shipped' : 'received';
  const notRejected = Math.max(0, breach.ordered - breach.rejected);
  return `${line}: ${breach.quantity} ${verb}, but only ${notRejected} of ${breach.ordered} were not rejected by the supplier`;
}
