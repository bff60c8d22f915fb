import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OverviewRow } from '@supply-hub/api/contracts';
import { lazy, Suspense, useId } from 'react';

import { formatUsd } from '../../i18n/format';
import { ExportCsvButton } from './ExportCsvButton';
import type { ReportRange } from './reportRange';
import { SliceHeading } from './SliceSection';
import { SliceView } from './SliceView';
import { StatCard } from './StatCard';
import { useReportSlice } from './useReportSlice';
import { formatCount } from './reportFormat';
import { useReportsText } from './useReportsText';

// x-charts is loaded with the Overview chart only, not with the page.
const SpendByRegionChart = lazy(() => import('./SpendByRegionChart'));

function OverviewCards({ overview }: { overview: OverviewRow }) {
  const text = useReportsText();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
      <StatCard title={text('reports.overview.total_spend')} value={formatUsd(overview.total_spend)} />
      <StatCard
        title={text('reports.overview.orders')}
        value={formatCount(overview.total_orders)}
        help={text('reports.overview.average', { amount: formatUsd(overview.avg_order_value) })}
      />
      <StatCard
        title={text('reports.overview.units')}
        value={formatCount(overview.total_units)}
        help={text('reports.overview.units_help')}
      />
    </Box>
  );
}

/**
 * Overview: total spend, orders with their average, units; then spend by region as a bar chart
 * (the API has no time series, so the chart shows the by_region slice rather than spend over time).
 */
export function OverviewTab({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const headingId = useId();
  const chartHeadingId = useId();
  const overview = useReportSlice('overview', range);
  const regions = useReportSlice('by_region', range);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.overview')}
        actions={<ExportCsvButton request={{ slice: 'overview', filters: range }} />}
      />
      <SliceView
        query={overview}
        sliceName="overview"
        onRetry={() => {
          void overview.refetch();
          if (regions.isError) void regions.refetch();
        }}
      >
        {([row]) => row && <OverviewCards overview={row} />}
      </SliceView>
      {/* One error card per tab: the chart's would repeat the overview's (a refused range fails both). */}
      {!overview.isError && (
        <Paper component="section" aria-labelledby={chartHeadingId} variant="outlined" sx={{ p: 2, mt: 2 }}>
          <Typography id={chartHeadingId} component="h3" variant="subtitle1">
            {text('reports.overview.chart_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {text('reports.overview.chart_note')}
          </Typography>
          <SliceView query={regions} sliceName="by_region">
            {(rows) => (
              <Suspense fallback={<LinearProgress aria-label={text('reports.loading')} />}>
                <SpendByRegionChart rows={rows} />
              </Suspense>
            )}
          </SliceView>
        </Paper>
      )}
    </Box>
  );
}
