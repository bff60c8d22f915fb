// Which approvals an order needs, pure and without zod: the API decides with it and
// the storefront's cart shows with the same function what the order will need before it is sent.
import type { ApprovalLevel } from './approvals.js';

function centsOf(amount: string): number {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -cents : cents;
}

/** Whether an order of `totalAmount` is over a requester's per-order limit (none: never). */
export function isOverOrderLimit(totalAmount: string, orderLimit: string | null | undefined): boolean {
  return orderLimit !== null && orderLimit !== undefined && centsOf(totalAmount) > centsOf(orderLimit);
}

/**
 * The levels an order needs, in order: every configured level whose threshold its total reaches;
 * then, when the total is over the requester's per-order limit (recorded on the order at
 * submission), one extra final level. Its roles are those of the highest configured level — the
 * most senior sign-off the organisation has set up — and, like every level, it must be given by a
 * person who approved no earlier level (docs/api.md, "Per-user limits"). Its threshold is the limit.
 */
export function requiredLevels(
  levels: readonly ApprovalLevel[],
  totalAmount: string,
  orderLimit: string | null = null,
): ApprovalLevel[] {
  const total = centsOf(totalAmount);
  const required = levels.filter((level) => centsOf(level.threshold) <= total);
  const highest = levels.at(-1);
  if (!highest || !orderLimit || !isOverOrderLimit(totalAmount, orderLimit)) return required;
  return [...required, { level: required.length + 1, threshold: orderLimit, roles: [...highest.roles] }];
}
