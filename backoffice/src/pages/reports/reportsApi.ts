import type {
  DashboardCards,
  ErrorBody,
  ReportQueryRequestInput,
  ReportSlice,
  ReportSliceData,
} from '@supply-hub/api/contracts';

import type { Download } from '../../providers/httpClient';
import type { ReportRange } from './reportRange';

export const REPORTS_QUERY_URL = '/api/reports/query';
export const DASHBOARD_URL = '/api/reports/dashboard';

export type RegionView = 'table' | 'map';

/** The body of POST /api/reports/query (admin-portal §7, reports-query). */
export type ReportRequest = ReportQueryRequestInput;

/** `data` of each slice in JSON (overview is a one-row array; by_region with view 'map' a RegionMap). */
export type SliceData = ReportSliceData;

/** What went wrong with a report call, with what the diagnostics copy needs. */
export class ReportRequestError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the server was never reached. */
    readonly status: number,
    readonly request: { method: string; url: string; body?: unknown },
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ReportRequestError';
  }
}

export async function send(url: string, init: RequestInit, body?: unknown): Promise<Response> {
  const request = { method: init.method ?? 'GET', url, ...(body === undefined ? {} : { body }) };
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ReportRequestError(error instanceof Error ? error.message : String(error), 0, request);
  }
  if (response.ok) return response;
  let answer: Partial<ErrorBody> | undefined;
  try {
    answer = (await response.json()) as Partial<ErrorBody>;
  } catch {
    // not JSON (a proxy's error page): the status text stands
  }
  const message = answer?.message ?? response.statusText;
  throw new ReportRequestError(message, response.status, request, answer?.code);
}

async function dataOf<T>(response: Response, request: ReportRequestError['request']): Promise<T> {
  const answer = (await response.json()) as { ok: boolean; data?: T; error?: { message?: string } };
  if (!answer.ok || answer.data === undefined) {
    throw new ReportRequestError(answer.error?.message ?? 'The answer carried no data.', response.status, request);
  }
  return answer.data;
}

/** One slice as JSON. */
export async function fetchSlice<K extends keyof SliceData>(
  key: K,
  filters: ReportRange,
  signal?: AbortSignal,
): Promise<SliceData[K]> {
  const body: ReportRequest =
    key === 'by_region_map'
      ? { slice: 'by_region', filters, view: 'map' }
      : { slice: key as ReportSlice, filters, ...(key === 'by_region' ? { view: 'table' as const } : {}) };
  const response = await send(REPORTS_QUERY_URL, { method: 'POST', signal }, body);
  return dataOf<SliceData[K]>(response, { method: 'POST', url: REPORTS_QUERY_URL, body });
}

/** The same call with format 'csv': the file the API names {slice}-{timestamp}.csv. */
export async function exportSlice(request: Omit<ReportRequest, 'format'>): Promise<Download> {
  const body: ReportRequest = { ...request, format: 'csv' };
  const response = await send(REPORTS_QUERY_URL, { method: 'POST' }, body);
  const fileName = response.headers.get('Content-Disposition')?.match(/filename="?([^";]+)"?/i)?.[1];
  return { blob: await response.blob(), fileName: fileName ?? `${request.slice}.csv` };
}

/** The dashboard's three cards for the last 30 days (the API's default range). */
export async function fetchDashboardCards(signal?: AbortSignal): Promise<DashboardCards> {
  const response = await send(DASHBOARD_URL, { method: 'GET', signal });
  return dataOf<DashboardCards>(response, { method: 'GET', url: DASHBOARD_URL });
}
