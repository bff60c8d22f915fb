import type { ErrorBody } from '@supply-hub/api/contracts';

import { isSessionEndedAnswer, reportSessionEnded } from './session-events';

/** Anything with a zod-like `parse`: the contracts' schemas, without this file depending on zod. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A failed API call: the server's error body (STYLE.md rule 6), or a stand-in for network failures. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Readonly<Record<string, string>>;
  readonly requestId: string | undefined;

  constructor(status: number, code: string, message: string, errors: Record<string, string> = {}, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.requestId = requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface RequestOptions<T> {
  /** JSON-encoded, except FormData (multipart uploads), which the browser encodes itself. */
  body?: unknown;
  /**
   * Checks the answer's shape. The fetchers of the shell and the catalogue (session, cart and its
   * submission, products, health) go without: they take their types from the contracts and keep
   * zod out of the code every signed-in page loads.
   */
  schema?: ResponseParser<T>;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  /**
   * A GET the server may have preloaded with a Link header (the session, the first catalogue
   * page): sent without an Accept header, as a preload is, so the browser uses the preloaded answer.
   */
  preloadable?: boolean;
}

async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(options.preloadable ? {} : { Accept: 'application/json' }),
        ...(hasBody && !isForm ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: isForm ? (options.body as FormData) : hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server. Check your connection and try again.');
  }

  const data: unknown = response.status === 204 ? undefined : await readJson(response);
  if (!response.ok) {
    const error = toApiError(response.status, data);
    if (isSessionEndedAnswer(error.status, error.code)) reportSessionEnded();
    throw error;
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error body's shape (errorBodySchema), checked by hand: every screen's first request passes
 * through here, and zod stays out of the code the first screen loads.
 */
function isErrorBody(data: unknown): data is ErrorBody {
  if (!isRecord(data)) return false;
  const { code, message, errors, details, requestId } = data;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (errors === undefined || (isRecord(errors) && Object.values(errors).every((text) => typeof text === 'string'))) &&
    (details === undefined || isRecord(details)) &&
    (requestId === undefined || typeof requestId === 'string')
  );
}

function toApiError(status: number, data: unknown): ApiError {
  if (!isErrorBody(data)) return new ApiError(status, 'HTTP_ERROR', `The server answered ${status}. Please try again.`);
  const { code, message, errors, requestId } = data;
  return new ApiError(status, code, message, errors, requestId);
}

/**
 * Same-origin JSON calls with the session cookie. No toasts or redirects here: callers decide, and a
 * 'not signed in' answer is reported (lib/session-events) for the session provider to act on.
 */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => request<T>('DELETE', path, options),
};
