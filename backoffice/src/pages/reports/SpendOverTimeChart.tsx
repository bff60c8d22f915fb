import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import type { OverviewSliceRow } from '@supply-hub/api/contracts';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { formatPoint, formatTick } from './reportFormat';
import { useReportsText } from './useReportsText';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Marks on every point while they stay apart; beyond a month of days the line alone reads better. */
const MAX_MARKED_POINTS = 31;

export interface SpendOverTimeChartProps {
  overview: Pick<OverviewSliceRow, 'series' | 'series_bucket'>;
  /** The heading naming the chart, and the summary describing it (both outside, shown as text). */
  labelledBy: string;
  describedBy: string;
}

/** Spend per day, week or month as a line (the Overview's chart; a lazy chunk of its own with x-charts). */
export default function SpendOverTimeChart({ overview, labelledBy, describedBy }: SpendOverTimeChartProps) {
  const text = useReportsText();
  const { series, series_bucket: bucket } = overview;
  return (
    // One image named by the heading and described by the summary: x-charts' own labelling lands on a role="none" element.
    <Box role="img" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      <LineChart
        height={300}
        hideLegend
        xAxis={[
          {
            scaleType: 'point',
            data: series.map((point) => point.date),
            valueFormatter: (day: string, context) =>
              context.location === 'tick' ? formatTick(day, bucket) : formatPoint(day, bucket),
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => compactUsd.format(value), width: 64 }]}
        series={[
          {
            label: text('reports.overview.spend'),
            data: series.map((point) => Number(point.total_spend)),
            valueFormatter: (value) => formatUsd(value ?? 0),
            area: true,
            showMark: series.length <= MAX_MARKED_POINTS,
          },
        ]}
      />
    </Box>
  );
}
