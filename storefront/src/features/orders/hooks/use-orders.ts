import type { Order } from '@supply-hub/api/contracts';
import { useCallback, useEffect, useState } from 'react';

import { useServerEvent } from '../../../hooks/use-server-event';
import { getOrders } from '../api/get-orders';

type OrdersState = { status: 'loading' } | { status: 'loaded'; orders: Order[] } | { status: 'error'; message: string };

/**
 * The user's own orders, refetched when the server says one of them changed (an admin approved or
 * rejected it): the page updates without a reload.
 */
export function useOrders() {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  const [reloadCount, setReloadCount] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getOrders(controller.signal).then(
      (orders) => setState({ status: 'loaded', orders }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : 'Unknown error';
        // A failed refetch keeps the orders on screen.
        setState((previous) => (previous.status === 'loaded' ? previous : { status: 'error', message }));
      },
    );
    return () => controller.abort();
  }, [reloadCount]);

  const reload = useCallback(() => setReloadCount((count) => count + 1), []);
  useServerEvent('order.updated', reload, { debounceMs: 200 });
  return { state, reload };
}
