import type { ProductList } from '@supply-hub/api/contracts';

import { getProducts, type ProductListParams } from './get-products';

/** A prefetched page older than this is not used: the catalogue asks again. */
const PREFETCH_TTL_MS = 10_000;

let prefetched: { key: string; at: number; request: Promise<ProductList> } | undefined;

function keyOf({ q, sort, page }: ProductListParams): string {
  return `${sort}|${page}|${q}`;
}

/** Starts GET /api/products before the catalogue renders (while the session and its code load). */
export function prefetchProducts(params: ProductListParams): void {
  const request = getProducts(params);
  request.catch(() => undefined);
  prefetched = { key: keyOf(params), at: Date.now(), request };
}

/**
 * The prefetched page for exactly these parameters, once, if recent; a failed prefetch (no session
 * yet, say) is asked again. Undefined when there is none.
 */
export function takePrefetchedProducts(
  params: ProductListParams,
  signal: AbortSignal,
): Promise<ProductList> | undefined {
  const match = prefetched;
  prefetched = undefined;
  if (!match || match.key !== keyOf(params) || Date.now() - match.at > PREFETCH_TTL_MS) return undefined;
  return match.request.catch(() => getProducts(params, signal));
}
