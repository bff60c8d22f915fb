import type { Cart } from '@supply-hub/api/contracts';

/** Share of the amount committed from which the panel turns amber (the default alert threshold). */
const AMBER_FROM_PERCENT = 80;

export type BudgetTone = 'green' | 'amber' | 'red';

function cents(amount: string): number {
  const isNegative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return isNegative ? -value : value;
}

/** The cart's total as the server will price it: price, else amazon_price, else 0 (decisions.md). */
export function cartTotalCents(cart: Pick<Cart, 'items'>): number {
  return cart.items.reduce((total, item) => {
    const price = item.product.price ?? item.product.amazon_price;
    return total + (price === null || price === undefined ? 0 : cents(price)) * item.quantity;
  }, 0);
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
  const amountCents = cents(budget.amount);
  const remainingCents = cents(budget.remaining);
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
