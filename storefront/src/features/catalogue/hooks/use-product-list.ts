import type { Product, ProductSort } from '@supply-hub/api/contracts';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

import { useServerEvent } from '../../../hooks/use-server-event';
import { getProducts } from '../api/get-products';
import { takePrefetchedProducts } from '../api/prefetch-products';
import { IMAGE_UPDATED_EVENT } from '../image-updated-event';

/** provider-portal §9: product reload debounce. */
const RELOAD_DEBOUNCE_MS = 500;

interface ListState {
  /** The search and sort these products answer. */
  key: string;
  products: Product[];
  total: number;
  pagesLoaded: number;
  hasFailed: boolean;
}

function uniqueById(products: readonly Product[]): Product[] {
  const seen = new Set<string>();
  return products.filter((product) => !seen.has(product.id) && Boolean(seen.add(product.id)));
}

/**
 * The catalogue, one server page at a time ('Load more'): a 10,000-product catalogue renders 48
 * cards, not 10,000. Reloads the pages already shown when products change (server event) or an
 * image was uploaded here (window event), debounced.
 */
export function useProductList(q: string, sort: ProductSort) {
  const key = `${sort}|${q}`;
  const [state, setState] = useState<ListState | null>(null);
  const [reloadCount, setReloadCount] = useState(0);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const loadedRef = useRef({ key: '', pages: 1 });

  useEffect(() => {
    const controller = new AbortController();
    // A reload keeps as many pages as were shown; a new search starts at page 1.
    const pages = loadedRef.current.key === key ? loadedRef.current.pages : 1;
    const requests = Array.from({ length: pages }, (_, index) => {
      const params = { q, sort, page: index + 1 };
      return (
        (index === 0 && takePrefetchedProducts(params, controller.signal)) || getProducts(params, controller.signal)
      );
    });
    Promise.all(requests).then(
      (lists) => {
        // A prefetched answer cannot be aborted: one for a search already left is dropped here.
        if (controller.signal.aborted) return;
        loadedRef.current = { key, pages };
        // A transition: the cards render in short slices, not one long task.
        startTransition(() =>
          setState({
            key,
            products: uniqueById(lists.flatMap((list) => list.data)),
            total: lists[0]?.total ?? 0,
            pagesLoaded: pages,
            hasFailed: false,
          }),
        );
      },
      () => {
        if (controller.signal.aborted) return;
        // A failed reload keeps what is on screen; a failed first load shows the error banner.
        setState((previous) =>
          previous?.key === key ? previous : { key, products: [], total: 0, pagesLoaded: 1, hasFailed: true },
        );
      },
    );
    return () => controller.abort();
  }, [key, q, sort, reloadCount]);

  const reload = useCallback(() => setReloadCount((count) => count + 1), []);
  useServerEvent('product.changed', reload, { debounceMs: RELOAD_DEBOUNCE_MS, windowEvent: IMAGE_UPDATED_EVENT });

  /** Appends the next page; false when it could not be loaded. */
  const loadMore = useCallback(async (): Promise<boolean> => {
    if (!state || state.key !== key) return true;
    setIsLoadingMore(true);
    try {
      const next = await getProducts({ q, sort, page: state.pagesLoaded + 1 });
      loadedRef.current = { key, pages: state.pagesLoaded + 1 };
      setState((previous) =>
        previous?.key === key
          ? {
              ...previous,
              products: uniqueById([...previous.products, ...next.data]),
              total: next.total,
              pagesLoaded: previous.pagesLoaded + 1,
            }
          : previous,
      );
      return true;
    } catch {
      return false;
    } finally {
      setIsLoadingMore(false);
    }
  }, [state, key, q, sort]);

  /** Puts a product the server just returned (after an image upload) in place. */
  const replaceProduct = useCallback((product: Product) => {
    setState(
      (previous) =>
        previous && {
          ...previous,
          products: previous.products.map((candidate) => (candidate.id === product.id ? product : candidate)),
        },
    );
  }, []);

  return {
    /** The products on screen; while a new search loads, the previous ones stay (dimmed). */
    products: state?.products ?? [],
    total: state?.total ?? 0,
    isLoading: state?.key !== key,
    hasFailed: state?.key === key && state.hasFailed,
    hasMore: state !== null && state.products.length < state.total,
    isLoadingMore,
    loadMore,
    reload,
    replaceProduct,
  };
}
