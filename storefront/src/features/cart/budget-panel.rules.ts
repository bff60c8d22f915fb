import type { Cart } from '@supply-hub/api/contracts';

/** Share of the amount committed from which the panel turns amber (the default alert threshold). */
const AMBER_FROM_PERCENT = 80;

export type BudgetTone = 'green' | 'amber' | 'red';

/** Cents from a decimal string ("-6.00"). */
export function centsOf(amount: string): number {
  const isNegative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return isNegative ? -value : value;
}

/**
 * The cart's total as the server will price it: price, else amazon_price, else 0 (decisions.md);
 * the supplier's lines as quoted.
 */
export function cartTotalCents(cart: Pick<Cart, 'items'> & Partial<Pick<Cart, 'supplier_items'>>): number {
  const catalogue = cart.items.reduce((total, item) => {
    const price = item.product.price ?? item.product.amazon_price;
    return total + (price === null || price === undefined ? 0 : centsOf(price)) * item.quantity;
  }, 0);
  return (cart.supplier_items ?? []).reduce(
    (total, item) => total + centsOf(item.unit_price) * item.quantity,
    catalogue,
  );
}

export interface BudgetPanelFigures {
  remainingCents: number;
  orderCents: number;
  afterCents: number;
  /** red: the order takes more than remains; amber: after it, 80 % or more is committed. */
  tone: BudgetTone;
}

export function budgetPanelFigures(
  budget: { amount: string; remaining: string },
  orderCents: number,
): BudgetPanelFigures {
  const amountCents = centsOf(budget.amount);
  const remainingCents = centsOf(budget.remaining);
  const afterCents = remainingCents - orderCents;
  const committedAfter = amountCents - afterCents;
  const tone: BudgetTone =
    afterCents < 0 ? 'red' : committedAfter * 100 >= amountCents * AMBER_FROM_PERCENT ? 'amber' : 'green';
  return { remainingCents, orderCents, afterCents, tone };
}

/** "$1,234.50", "-$6.00". */
export function usd(centsValue: number): string {
  const sign = centsValue < 0 ? '-' : '';
  const magnitude = Math.abs(centsValue);
  return `${sign}$${Math.floor(magnitude / 100).toLocaleString('en-US')}.${String(magnitude % 100).padStart(2, '0')}`;
}

const ROLE_WORDS: Record<string, string> = { admin: 'Admin', super_admin: 'Admin', finance: 'Finance' };

function roleWords(role: string): string {
  const words = ROLE_WORDS[role] ?? role.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Admin, then Finance or Admin": who approves the order, level by level, in plain words; a level
 * like an earlier one reads "another Admin" (each level is a different person). The levels come
 * from requiredLevels (the API's own rule, shared through its contracts).
 */
export function approvalsNeededText(levels: readonly { roles: readonly string[] }[]): string {
  const seen = new Set<string>();
  return levels
    .map((level) => {
      const who = [...new Set(level.roles.map(roleWords))].join(' or ');
      const text = seen.has(who) ? `another ${who}` : who;
      seen.add(who);
      return text;
    })
    .join(', then ');
}

/** A decimal string ("12.50") from cents, as the API's rules take money. */
export function moneyText(centsValue: number): string {
  const sign = centsValue < 0 ? '-' : '';
  const magnitude = Math.abs(centsValue);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

export interface MonthlyLimitFigures {
  limitCents: number;
  remainingCents: number;
  afterCents: number;
  isOver: boolean;
}

/** The user's monthly limit against this order; undefined when the user has none. */
export function monthlyLimitFigures(
  limits: { monthly_limit: string | null; monthly_committed: string },
  orderCents: number,
): MonthlyLimitFigures | undefined {
  if (limits.monthly_limit === null) return undefined;
  const limitCents = centsOf(limits.monthly_limit);
  const remainingCents = limitCents - centsOf(limits.monthly_committed);
  const afterCents = remainingCents - orderCents;
  return { limitCents, remainingCents, afterCents, isOver: afterCents < 0 };
}
