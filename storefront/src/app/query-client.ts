import { QueryClient } from '@tanstack/react-query';

import { isApiError } from '../lib/api-client';

/** Reads are retried this often after the first failure: network errors and 5xx answers only. */
const MAX_READ_RETRIES = 2;

/** A read worth asking again: not an answer the server gave on purpose (4xx), not an abort. */
export function isRetryableRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES) return false;
  if (isApiError(error)) return error.status === 0 || error.status >= 500;
  return false;
}

/**
 * The storefront's one query client. Reads are GETs (idempotent) and retried on transient failures;
 * mutations never are (an order or a cart change must not be sent twice). A screen reads its data
 * again when it opens, as before (showing what is cached meanwhile); while it is open, mutations and
 * server events say when to read again: no refetch on window focus or reconnect, as before.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: isRetryableRead,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 2_000),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
