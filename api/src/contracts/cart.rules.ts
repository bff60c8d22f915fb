// The cart's and an order's limits, without zod: the frontends' first screens import this file alone.
import { formatUsd } from './money-format.js';

export const MAX_LINE_QUANTITY = 9999;
/** The default ceiling on one order's total, in dollars (automation settings: max_order_total). */
export const DEFAULT_MAX_ORDER_TOTAL = 250_000;

export interface QuantityLine {
  asin: string;
  quantity: number;
}

/**
 * Lines of the same product become one, their quantities summed, in first-seen order (the order
 * of an order's line numbers). Lines of 0 or less are dropped (provider-portal §5: they remove
 * the item). The limits apply to what this returns, never to the lines one by one: 200 lines of
 * 9,999 are one line of 1,999,800.
 */
export function mergeLines(lines: readonly QuantityLine[]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const line of lines) {
    if (line.quantity > 0) merged.set(line.asin, (merged.get(line.asin) ?? 0) + line.quantity);
  }
  return merged;
}

/** The first merged product past MAX_LINE_QUANTITY, and what to tell the user; undefined if none. */
export function quantityOverLimit(
  merged: ReadonlyMap<string, number>,
): { asin: string; quantity: number; message: string } | undefined {
  for (const [asin, quantity] of merged) {
    if (quantity > MAX_LINE_QUANTITY) {
      return {
        asin,
        quantity,
        message: `Quantity must be at most ${MAX_LINE_QUANTITY} per product; ASIN ${asin} adds up to ${quantity}`,
      };
    }
  }
  return undefined;
}

/** What to tell a requester whose order is over the ceiling; undefined when it is within it. */
export function orderTotalOverCeiling(totalCents: number, ceilingCents: number): string | undefined {
  if (totalCents <= ceilingCents) return undefined;
  return `This order totals ${formatUsd(totalCents / 100)}, over the limit of ${formatUsd(ceilingCents / 100)} per order. Split it into smaller orders or ask an administrator.`;
}
