import Box from '@mui/material/Box';
import type { OverviewSliceRow } from '@supply-hub/api/contracts';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { formatCount, formatDay, formatPoint } from './reportFormat';
import type { ReportRange } from './reportRange';
import { ReportTable, type ReportColumn } from './ReportTable';
import { useReportsText, type ReportsText } from './useReportsText';

type Overview = Pick<OverviewSliceRow, 'series' | 'series_bucket'>;
type Point = OverviewSliceRow['series'][number];

const SUMMARY_KEYS = {
  day: 'reports.overview.chart_summary_day',
  week: 'reports.overview.chart_summary_week',
  month: 'reports.overview.chart_summary_month',
} as const;

/**
 * The chart in words: how many points of what, over which days, and the highest one. Without the
 * range (figures of the previous range, shown while the new one loads) the points' own days stand.
 */
export function spendOverTimeSummary(
  { series, series_bucket: bucket }: Overview,
  range: ReportRange | undefined,
  text: ReportsText,
): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return text('reports.overview.chart_no_spend');
  const points = text(SUMMARY_KEYS[bucket], {
    smart_count: series.length,
    from: formatDay(range?.from ?? first.date),
    to: formatDay(range?.to ?? last.date),
  });
  const highest = series.reduce((best, point) => (Number(point.total_spend) > Number(best.total_spend) ? point : best));
  if (Number(highest.total_spend) === 0) return `${points} ${text('reports.overview.chart_no_spend')}`;
  const when =
    bucket === 'week'
      ? text('reports.overview.chart_week_of', { date: formatDay(highest.date) })
      : formatPoint(highest.date, bucket);
  return `${points} ${text('reports.overview.chart_highest', { amount: formatUsd(highest.total_spend), when })}`;
}

/** The chart's figures as a table, behind a disclosure (for reading them exactly, or without the chart). */
export function SpendOverTimeFigures({ overview }: { overview: Overview }) {
  const text = useReportsText();
  const bucket = overview.series_bucket;
  const dateLabel = {
    day: 'reports.overview.date',
    week: 'reports.overview.week_of',
    month: 'reports.overview.month',
  } as const;
  const columns: ReportColumn<Point>[] = [
    { key: 'date', label: text(dateLabel[bucket]), render: (point) => formatPoint(point.date, bucket) },
    {
      key: 'spend',
      label: text('reports.overview.spend'),
      render: (point) => formatUsd(point.total_spend),
      isNumeric: true,
    },
    {
      key: 'orders',
      label: text('reports.overview.orders_column'),
      render: (point) => formatCount(point.total_orders),
      isNumeric: true,
    },
  ];
  return (
    <Box component="details" sx={{ mt: 1, '& > summary': { cursor: 'pointer', py: 0.5 } }}>
      <summary>{text('reports.overview.chart_figures')}</summary>
      <ReportTable
        caption={text('reports.overview.chart_table_caption')}
        columns={columns}
        rows={overview.series}
        rowKey={(point) => point.date}
      />
    </Box>
  );
}
