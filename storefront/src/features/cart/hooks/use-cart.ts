import type { Cart, Order, Product } from '@supply-hub/api/contracts';
import { createContext, useContext } from 'react';

import type { CartLineInput } from '../api/replace-cart';
import type { OrderExtras } from '../api/submit-order';

export type CartStatus = 'loading' | 'ready' | 'error';

/** provider-portal §4 cart submit: idle → submitting → idle, or error (message under the button). */
export type SubmitState = { status: 'idle' | 'submitting' } | { status: 'error'; message: string };

export interface CartContextValue {
  /** The server's cart with the changes still on their way applied, so the drawer never lags. */
  cart: Cart;
  status: CartStatus;
  isDrawerOpen: boolean;
  openDrawer(): void;
  closeDrawer(): void;
  addItem(product: Product, quantity: number): Promise<void>;
  /** Adds each line on its own; lines whose product left the catalogue are skipped and counted. */
  addLines(lines: readonly CartLineInput[]): Promise<{ addedLines: number; addedItems: number; skippedLines: number }>;
  /** A quantity of zero or less removes the line. */
  setQuantity(asin: string, quantity: number): Promise<void>;
  clear(): Promise<void>;
  reload(): void;
  /** Whether the signed-in user's role may submit orders (doctor, user, provider). */
  canSubmit: boolean;
  isAuthorized: boolean;
  setAuthorized(isAuthorized: boolean): void;
  submitState: SubmitState;
  /** `extras.urgent` makes the order a STAT order. */
  submit(extras?: OrderExtras): Promise<Order | null>;
  /**
   * A sentence the open drawer shows at its top (what the supplier's shop put in the cart). Not a
   * toast: over the full-width drawer of a phone a toast covers its lines, and behind the modal
   * drawer a screen reader never hears it.
   */
  drawerNotice: string | null;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}

/** The cart's commands alone, the same for the page's life. */
export type CartActions = Pick<CartContextValue, 'addItem' | 'addLines' | 'setQuantity' | 'clear' | 'openDrawer'>;

export const CartActionsContext = createContext<CartActions | null>(null);

/** For components that change the cart without showing it: they do not re-render when it changes. */
export function useCartActions(): CartActions {
  const value = useContext(CartActionsContext);
  if (!value) throw new Error('useCartActions must be used within a CartProvider');
  return value;
}
