import type { Order } from '@supply-hub/api/contracts';
import { ORDERING_ROLES } from '@supply-hub/api/contracts/roles.rules';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import { preloadToasts, useToast } from '../../../components/ToastProvider';
import { useMemoObject } from '../../../lib/use-memo-object';
import { useAuth } from '../../auth';
import type { OrderExtras } from '../api/submit-order';
import { describeSubmitError } from '../cart.rules';
import {
  CartActionsContext,
  CartContext,
  type CartActions,
  type CartContextValue,
  type SubmitState,
} from '../hooks/use-cart';
import { useCartStore } from '../hooks/use-cart-store';
import { useQaAutoSubmit } from '../hooks/use-qa-auto-submit';
import { useSupplierCartReturn } from '../hooks/use-supplier-cart-return';

/** provider-portal §9: navigation to /orders after a submission. */
const NAVIGATE_AFTER_SUBMIT_MS = 100;

/** The signed-in user's cart for the whole shell: header badge, drawer, catalogue and orders pages. */
export function CartProvider({ children }: { children: ReactNode }) {
  const { effectiveRole } = useAuth();
  const navigate = useNavigate();
  const showToast = useToast();
  const { cart, status, reload, addItem, addLines, setQuantity, clear, submitOrder } = useCartStore();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [drawerNotice, setDrawerNotice] = useState<string | null>(null);
  const [isAuthorized, setAuthorized] = useState(false);
  const [submitState, setSubmitState] = useState<SubmitState>({ status: 'idle' });
  const isSubmittingRef = useRef(false);
  const canSubmit = effectiveRole !== null && ORDERING_ROLES.includes(effectiveRole);

  const openDrawer = useCallback(() => setIsDrawerOpen(true), []);
  const closeDrawer = useCallback(() => {
    setIsDrawerOpen(false);
    setDrawerNotice(null);
  }, []);

  const submit = useCallback(
    async (extras?: OrderExtras): Promise<Order | null> => {
      if (isSubmittingRef.current) return null;
      isSubmittingRef.current = true;
      setSubmitState({ status: 'submitting' });
      try {
        const order = await submitOrder(extras);
        setSubmitState({ status: 'idle' });
        setAuthorized(false);
        setIsDrawerOpen(false);
        showToast({
          title: 'Order Submitted Successfully! ✅',
          description: 'Your order has been submitted for approval.',
        });
        window.setTimeout(() => navigate('/orders'), NAVIGATE_AFTER_SUBMIT_MS);
        return order;
      } catch (error) {
        setSubmitState({ status: 'error', message: describeSubmitError(error) });
        return null;
      } finally {
        isSubmittingRef.current = false;
      }
    },
    [submitOrder, showToast, navigate],
  );

  const startQaRun = useCallback(() => {
    // The run ends in a toast, with no click to fetch its code before.
    preloadToasts();
    setAuthorized(true);
    setIsDrawerOpen(true);
    void submit();
  }, [submit]);
  useQaAutoSubmit(canSubmit, startQaRun);

  const showSupplierReturn = useCallback(
    (itemCount: number) => {
      void reload();
      setIsDrawerOpen(true);
      setDrawerNotice(
        itemCount === 1
          ? "1 item from the supplier's shop is in your cart."
          : `${itemCount} items from the supplier's shop are in your cart.`,
      );
    },
    [reload],
  );
  useSupplierCartReturn(showSupplierReturn);

  const value = useMemoObject<CartContextValue>({
    cart,
    status,
    isDrawerOpen,
    openDrawer,
    closeDrawer,
    addItem,
    addLines,
    setQuantity,
    clear,
    reload,
    canSubmit,
    isAuthorized,
    setAuthorized,
    submitState,
    submit,
    drawerNotice,
  });

  // Stable: the catalogue's Add to Cart buttons read only these and skip the cart's re-renders.
  const actions = useMemoObject<CartActions>({ addItem, addLines, setQuantity, clear, openDrawer });

  return (
    <CartContext.Provider value={value}>
      <CartActionsContext.Provider value={actions}>{children}</CartActionsContext.Provider>
    </CartContext.Provider>
  );
}
