import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';

import { saveDownload } from '../../components/saveDownload';
import type { ReportRange } from './reportRange';
import { exportSlice, fetchSlice, ReportRequestError, type ReportRequest, type SliceData } from './reportsApi';
import { useReportsText, type ReportsText } from './useReportsText';

/** One slice for a range; an expired session goes to sign-in, anything else is the page's error state. */
export function useReportSlice<K extends keyof SliceData>(key: K, range: ReportRange) {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useQuery({
    queryKey: ['reports', key, range.from, range.to],
    queryFn: async ({ signal }) => {
      try {
        return await fetchSlice(key, range, signal);
      } catch (error) {
        await logoutIfAccessDenied(error);
        throw error;
      }
    },
    retry: false,
    // A new range keeps the figures on screen (under the progress bar) until its own arrive.
    placeholderData: keepPreviousData,
  });
}

/** The screen's words for a failed load (admin-portal §8). */
export function describeLoadError(error: unknown, sliceName: string, text: ReportsText): string {
  const message = (error instanceof Error ? error.message : String(error)).trim();
  if (error instanceof ReportRequestError && error.status === 0) {
    return text('reports.network_error', { message: message.replace(/\.$/, '') });
  }
  return text('reports.load_failed', { slice: sliceName, message });
}

/** Export CSV of a slice: the API's file, saved under its name; failures as admin-portal §8 words them. */
export function useExportSlice() {
  const notify = useNotify();
  const text = useReportsText();
  return useMutation({
    mutationFn: (request: Omit<ReportRequest, 'format'>) => exportSlice(request),
    onSuccess: saveDownload,
    onError: (error) => {
      const isHttpError = error instanceof ReportRequestError && error.status > 0;
      const message = isHttpError
        ? text('reports.export_failed', { status: error.status })
        : text('reports.export_error', { message: error.message });
      // The text is final: `_` keeps react-admin from looking it up as a translation key.
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
  });
}
