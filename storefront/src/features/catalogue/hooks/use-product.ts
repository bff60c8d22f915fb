import type { Product } from '@supply-hub/api/contracts';
import { useCallback, useEffect, useState } from 'react';

import { useServerEvent } from '../../../hooks/use-server-event';
import { getProduct } from '../api/get-product';
import { IMAGE_UPDATED_EVENT } from '../image-updated-event';

type ProductState = { asin: string; status: 'loaded'; product: Product } | { asin: string; status: 'failed' };

/** One product by ASIN, reloaded when products change (an admin's edit, an image upload). */
export function useProduct(asin: string) {
  const [state, setState] = useState<ProductState | null>(null);
  const [reloadCount, setReloadCount] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getProduct(asin, controller.signal).then(
      (product) => setState({ asin, status: 'loaded', product }),
      () => {
        if (controller.signal.aborted) return;
        // A failed reload keeps the product on screen.
        setState((previous) => (previous?.asin === asin ? previous : { asin, status: 'failed' }));
      },
    );
    return () => controller.abort();
  }, [asin, reloadCount]);

  const reload = useCallback(() => setReloadCount((count) => count + 1), []);
  useServerEvent('product.changed', reload, { debounceMs: 500, windowEvent: IMAGE_UPDATED_EVENT });

  const replaceProduct = useCallback((product: Product) => {
    setState({ asin: product.asin, status: 'loaded', product });
  }, []);

  const current = state?.asin === asin ? state : null;
  return {
    product: current?.status === 'loaded' ? current.product : null,
    isLoading: current === null,
    hasFailed: current?.status === 'failed',
    reload,
    replaceProduct,
  };
}
