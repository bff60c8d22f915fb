import type { ErrorBody } from '@supply-hub/api/contracts';
import { fetchUtils, HttpError } from 'react-admin';

/** The API's error body (STYLE.md rule 6), when the answer carried one. */
export function errorBodyOf(error: unknown): Partial<ErrorBody> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body: unknown = error.body;
  return body && typeof body === 'object' ? (body as Partial<ErrorBody>) : undefined;
}

/** The stable `code` of a refused request: screens branch on it, never on the text. */
export function errorCodeOf(error: unknown): string | undefined {
  return errorBodyOf(error)?.code;
}

/** The HTTP status of a failed call (0 when the server was never reached). */
export function errorStatusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? (error.status as number) : undefined;
}

/** The message to show for a failed call: the API's own `message`, else the given fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  const message = errorBodyOf(error)?.message ?? (error instanceof Error ? error.message : undefined);
  return message?.trim() ? message : fallback;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** body.message becomes the HttpError's message; a request that never reached the server is status 0. */
function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) {
    const body = errorBodyOf(error);
    return body?.message ? new HttpError(body.message, error.status, body) : error;
  }
  return new HttpError('Network error', 0, { code: 'NETWORK_ERROR', message: 'Network error' });
}

/** fetchJson on the same-origin cookie session; every failure is an HttpError carrying the API's body. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw toHttpError(error);
  }
}

/** A file the API sends as an attachment (the CSV exports), with the name it gives. */
export interface Download {
  blob: Blob;
  fileName: string;
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

export async function fetchDownload(url: string, fallbackName: string): Promise<Download> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw toHttpError(error);
  }
  if (!response.ok) {
    let body: Partial<ErrorBody> | null = null;
    try {
      body = (await response.json()) as Partial<ErrorBody>;
    } catch {
      // not JSON: the status text stands
    }
    throw new HttpError(body?.message ?? response.statusText, response.status, body);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFrom(response.headers.get('Content-Disposition'), fallbackName),
  };
}
