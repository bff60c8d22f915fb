import LinearProgress from '@mui/material/LinearProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ReportErrorCard } from './ReportErrorCard';
import { describeLoadError } from './useReportSlice';
import { useReportsText } from './useReportsText';

export interface SliceViewProps<T> {
  query: UseQueryResult<T>;
  /** The slice named in 'Failed to load {slice} data.' */
  sliceName: string;
  children: (data: T) => ReactNode;
  /** What Retry does, when more than this query should run again. */
  onRetry?: () => void;
}

/** The three states of a report (admin-portal §4): loading, error (the analytics card), loaded. */
export function SliceView<T>({ query, sliceName, children, onRetry }: SliceViewProps<T>) {
  const text = useReportsText();
  if (query.isError) {
    return (
      <ReportErrorCard
        error={query.error}
        message={describeLoadError(query.error, sliceName, text)}
        occurredAt={query.errorUpdatedAt}
        isRetrying={query.isFetching}
        onRetry={onRetry ?? (() => void query.refetch())}
      />
    );
  }
  return (
    <>
      {query.isFetching && <LinearProgress aria-label={text('reports.loading')} sx={{ mb: 1 }} />}
      {query.data !== undefined && children(query.data)}
    </>
  );
}
