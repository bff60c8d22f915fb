import type { Cart, Product } from '@supply-hub/api/contracts';
import { MAX_LINE_QUANTITY } from '@supply-hub/api/contracts/cart.rules';

import { isApiError } from '../../lib/api-client';
import type { CartLineInput } from './api/replace-cart';

/** What the drawer shows before the first answer, and what the server leaves after a submission. */
export const EMPTY_CART: Cart = { items: [], supplier_items: [], item_count: 0, version: '' };

function withItems(cart: Cart, items: Cart['items'], supplierItems = cart.supplier_items): Cart {
  const count = [...items, ...supplierItems].reduce((sum, item) => sum + item.quantity, 0);
  return { ...cart, items, supplier_items: supplierItems, item_count: count };
}

/** Nothing to order: no catalogue line and no line from the supplier's shop. */
export function isCartEmpty(cart: Cart): boolean {
  return cart.items.length === 0 && cart.supplier_items.length === 0;
}

/** provider-portal §5: a quantity of zero or less removes the line. */
export function setLineQuantity(cart: Cart, asin: string, quantity: number): Cart {
  const items =
    quantity <= 0
      ? cart.items.filter((item) => item.product.asin !== asin)
      : cart.items.map((item) =>
          item.product.asin === asin ? { ...item, quantity: Math.min(quantity, MAX_LINE_QUANTITY) } : item,
        );
  return withItems(cart, items);
}

/** Adding a product already in the cart increases its quantity (provider-portal §5). */
export function addProduct(cart: Cart, product: Product, quantity: number): Cart {
  const existing = cart.items.find((item) => item.product.asin === product.asin);
  if (existing) return setLineQuantity(cart, product.asin, existing.quantity + quantity);
  return withItems(cart, [...cart.items, { product, quantity, added_at: new Date().toISOString() }]);
}

/** A cart change still on its way to the server, drawn on the cart meanwhile (optimistic). */
export type CartChange = { id: number } & (
  | { type: 'add'; product: Product; quantity: number }
  | { type: 'set'; asin: string; quantity: number }
  | { type: 'clear' }
);

/** The cart as it will be once `change` lands. */
export function applyCartChange(cart: Cart, change: CartChange): Cart {
  switch (change.type) {
    case 'add':
      return addProduct(cart, change.product, change.quantity);
    case 'set':
      return setLineQuantity(cart, change.asin, change.quantity);
    case 'clear':
      return withItems(cart, [], []);
  }
}

export function toLineInputs(cart: Cart): CartLineInput[] {
  return cart.items.map((item) => ({ asin: item.product.asin, quantity: item.quantity }));
}

/**
 * One key per cart state: a double click, a retry or a second tab on the same cart submit one
 * order; any change to the cart changes its version, hence the key.
 */
export function idempotencyKeyFor(cart: Cart): string {
  return `cart-${cart.version}`;
}

/** The text under the Submit Order button (provider-portal §8), chosen by the error's code. */
export function describeSubmitError(error: unknown): string {
  if (!isApiError(error)) return 'Failed to submit order';
  if (error.status === 401) return 'You must be logged in to submit orders. Please log in first.';
  switch (error.code) {
    case 'CART_EMPTY':
    case 'PRODUCT_NOT_IN_CATALOG':
    case 'ORDERING_NOT_ALLOWED':
    case 'ACCOUNT_NOT_APPROVED':
    case 'QUANTITY_TOO_HIGH':
    case 'ORDER_TOTAL_TOO_HIGH':
    case 'BUDGET_EXCEEDED':
    case 'MONTHLY_LIMIT_EXCEEDED':
    case 'SHIPPING_ADDRESS_REQUIRED':
    case 'PHI_IN_SUPPLIER_TEXT': // names the field and what looked like patient data, to be fixed
      return error.message;
    default:
      return 'Failed to submit order';
  }
}

/** A failed cart change: the server's message when it names the product, else a plain sentence. */
export function describeCartError(error: unknown): string {
  if (isApiError(error) && (error.code === 'PRODUCT_NOT_IN_CATALOG' || error.code === 'QUANTITY_TOO_HIGH')) {
    return error.message;
  }
  return 'Your cart could not be updated. Please try again.';
}
