import { describe, expect, it } from '@jest/globals';
import type { Cart, Product } from '@supply-hub/api/contracts';

import { ApiError } from '../../lib/api-client';
import { addProduct, describeCartError, describeSubmitError, idempotencyKeyFor, setLineQuantity } from './cart.rules';

const product = (asin: string) => ({ asin, title: asin }) as Product;
const cart: Cart = {
  items: [
    { product: product('A1'), quantity: 2, added_at: '2026-01-01T00:00:00Z' },
    { product: product('B2'), quantity: 1, added_at: '2026-01-01T00:00:00Z' },
  ],
  supplier_items: [],
  item_count: 3,
  version: 'v1',
};

describe('the cart', () => {
  it('adding a product already there raises its quantity; a new one is appended', () => {
    expect(addProduct(cart, product('A1'), 3).items.map((i) => [i.product.asin, i.quantity])).toEqual([
      ['A1', 5],
      ['B2', 1],
    ]);
    const added = addProduct(cart, product('C3'), 1);
    expect(added.items.map((i) => i.product.asin)).toEqual(['A1', 'B2', 'C3']);
    expect(added.item_count).toBe(4);
  });

  it('a quantity of zero removes the line, and a quantity is capped at 9999', () => {
    expect(setLineQuantity(cart, 'A1', 0).items.map((i) => i.product.asin)).toEqual(['B2']);
    expect(setLineQuantity(cart, 'B2', 20000).items[1]?.quantity).toBe(9999);
    expect(setLineQuantity(cart, 'B2', 4).item_count).toBe(6);
  });

  it('one submission key per cart version', () => {
    expect(idempotencyKeyFor(cart)).toBe('cart-v1');
  });

  it("submit errors: the server's message for the codes the spec names, else a plain sentence", () => {
    expect(describeSubmitError(new ApiError(400, 'CART_EMPTY', 'Your cart is empty'))).toBe('Your cart is empty');
    expect(describeSubmitError(new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe(
      'You must be logged in to submit orders. Please log in first.',
    );
    const overLimit = 'This order would take you over your monthly limit of $500.00: $40.00 remains this month.';
    expect(describeSubmitError(new ApiError(422, 'MONTHLY_LIMIT_EXCEEDED', overLimit))).toBe(overLimit);
    const noAddress = 'Add your shipping address in Settings before you order.';
    expect(describeSubmitError(new ApiError(422, 'SHIPPING_ADDRESS_REQUIRED', noAddress))).toBe(noAddress);
    const patientData =
      'Order note: this looks like a date of birth. Supplier messages must not hold patient details; write the bed or room instead.';
    expect(describeSubmitError(new ApiError(422, 'PHI_IN_SUPPLIER_TEXT', patientData))).toBe(patientData);
    expect(describeSubmitError(new ApiError(500, 'INTERNAL', 'boom'))).toBe('Failed to submit order');
    expect(describeSubmitError(new Error('offline'))).toBe('Failed to submit order');
  });

  it("cart errors show the server's message only when it names the product", () => {
    expect(describeCartError(new ApiError(400, 'QUANTITY_TOO_HIGH', 'At most 9999'))).toBe('At most 9999');
    expect(describeCartError(new ApiError(500, 'INTERNAL', 'boom'))).toBe(
      'Your cart could not be updated. Please try again.',
    );
  });
});
