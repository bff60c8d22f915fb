import type { Cart, Order, Product } from '@supply-hub/api/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError, isApiError } from '../../../lib/api-client';
import { addCartItem } from '../api/add-cart-item';
import { getCart } from '../api/get-cart';
import { replaceCart, type CartLineInput } from '../api/replace-cart';
import { submitOrder as requestSubmitOrder } from '../api/submit-order';
import { addProduct, EMPTY_CART, idempotencyKeyFor, setLineQuantity, toLineInputs } from '../cart.rules';
import type { CartStatus } from './use-cart';

interface PendingChange {
  id: number;
  apply(cart: Cart): Cart;
}

function withPendingChanges(cart: Cart, pending: readonly PendingChange[]): Cart {
  let current = cart;
  for (const change of pending) current = change.apply(current);
  return current;
}

/** What a queued task leaves: the server's cart after it, and the task's own result. */
interface TaskResult<T> {
  cart: Cart;
  value: T;
}

/**
 * The server-side cart, changed one request at a time: each change runs after the previous one
 * answered, on the latest server cart, so quick clicks never race. Meanwhile the change is shown
 * already (its `preview`), and dropped again if the server refuses it.
 */
export function useCartStore() {
  const [serverCart, setServerCart] = useState<Cart | null>(null);
  const [status, setStatus] = useState<CartStatus>('loading');
  const [pending, setPending] = useState<readonly PendingChange[]>([]);
  const serverCartRef = useRef<Cart>(EMPTY_CART);
  const queueRef = useRef<Promise<unknown>>(Promise.resolve());
  const nextIdRef = useRef(0);

  const run = useCallback(
    <T>(task: (base: Cart) => Promise<TaskResult<T>>, preview?: (cart: Cart) => Cart): Promise<T> => {
      const id = ++nextIdRef.current;
      if (preview) setPending((previous) => [...previous, { id, apply: preview }]);
      const settle = () => setPending((previous) => previous.filter((change) => change.id !== id));
      const result = queueRef.current
        .then(() => task(serverCartRef.current))
        .then(
          ({ cart, value }) => {
            // Both updates in one callback: one render, never the preview on top of its own result.
            serverCartRef.current = cart;
            setServerCart(cart);
            setStatus('ready');
            settle();
            return value;
          },
          (error: unknown) => {
            settle();
            throw error;
          },
        );
      queueRef.current = result.catch(() => undefined);
      return result;
    },
    [],
  );

  const reload = useCallback(() => {
    run(async () => ({ cart: await getCart(), value: undefined })).catch(() => setStatus('error'));
  }, [run]);

  useEffect(() => {
    reload();
  }, [reload]);

  const addItem = useCallback(
    (product: Product, quantity: number) =>
      run(
        async () => ({ cart: await addCartItem({ asin: product.asin, quantity }), value: undefined }),
        (cart) => addProduct(cart, product, quantity),
      ),
    [run],
  );

  const addLines = useCallback(
    (lines: readonly CartLineInput[]) =>
      run(async (base) => {
        let cart = base;
        const value = { addedLines: 0, addedItems: 0, skippedLines: 0 };
        for (const line of lines) {
          try {
            cart = await addCartItem(line);
            value.addedLines += 1;
            value.addedItems += line.quantity;
          } catch (error) {
            if (!isApiError(error) || error.code !== 'PRODUCT_NOT_IN_CATALOG') {
              if (value.addedLines > 0) reload();
              throw error;
            }
            value.skippedLines += 1;
          }
        }
        return { cart, value };
      }),
    [run, reload],
  );

  const setQuantity = useCallback(
    (asin: string, quantity: number) =>
      run(
        async (base) => ({
          cart: await replaceCart(toLineInputs(setLineQuantity(base, asin, quantity))),
          value: undefined,
        }),
        (cart) => setLineQuantity(cart, asin, quantity),
      ),
    [run],
  );

  const clear = useCallback(
    () =>
      run(
        async () => ({ cart: await replaceCart([]), value: undefined }),
        (cart) => ({ ...cart, items: [], item_count: 0 }),
      ),
    [run],
  );

  /** Submits exactly the cart the server holds, once every change before it has landed. */
  const submitOrder = useCallback(
    () =>
      run<Order>(async (base) => {
        if (base.items.length === 0) throw new ApiError(400, 'CART_EMPTY', 'Cart is empty');
        const order = await requestSubmitOrder(toLineInputs(base), idempotencyKeyFor(base));
        // The server emptied the cart in the same transaction; the reload below confirms it.
        return { cart: EMPTY_CART, value: order };
      }).finally(reload),
    [run, reload],
  );

  // No pending change: the same object as before, so the context's consumers do not re-render.
  const cart = withPendingChanges(serverCart ?? EMPTY_CART, pending);

  return { cart, status, reload, addItem, addLines, setQuantity, clear, submitOrder };
}
