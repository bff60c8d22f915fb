import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OverviewRow, OverviewSliceRow } from '@supply-hub/api/contracts';
import { lazy, Suspense, useId } from 'react';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { ExportCsvButton } from './ExportCsvButton';
import type { ReportRange } from './reportRange';
import { SliceHeading } from './SliceSection';
import { SliceView } from './SliceView';
import { SpendOverTimeFigures, spendOverTimeSummary } from './SpendOverTimeFigures';
import { StatCard } from './StatCard';
import { useReportSlice } from './useReportSlice';
import { formatCount } from './reportFormat';
import { useReportsText } from './useReportsText';

// x-charts is loaded with the Overview chart only, not with the page.
const SpendOverTimeChart = lazy(() => import('./SpendOverTimeChart'));

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

/** Spend over time: the chart, its summary in words, and its figures as a table on request. */
function SpendOverTime({ overview, range }: { overview: OverviewSliceRow; range: ReportRange | undefined }) {
  const text = useReportsText();
  const headingId = useId();
  const summaryId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {text('reports.overview.chart_title')}
      </Typography>
      <Typography id={summaryId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {spendOverTimeSummary(overview, range, text)}
      </Typography>
      <Suspense fallback={<LinearProgress aria-label={text('reports.loading')} />}>
        <SpendOverTimeChart overview={overview} labelledBy={headingId} describedBy={summaryId} />
      </Suspense>
      <SpendOverTimeFigures overview={overview} />
    </Paper>
  );
}

/** Overview: total spend, orders with their average, units; then spend over time (the same answer's series). */
export function OverviewTab({ range }: { range: ReportRange }) {
  const text = useReportsText();
  const headingId = useId();
  const overview = useReportSlice('overview', range);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.overview')}
        actions={<ExportCsvButton request={{ slice: 'overview', filters: range }} />}
      />
      <SliceView query={overview} sliceName="overview">
        {([row]) =>
          row && (
            <>
              <OverviewCards overview={row} />
              {/* While another range loads, these are the previous range's figures: not labelled with the new dates. */}
              <SpendOverTime overview={row} range={overview.isPlaceholderData ? undefined : range} />
            </>
          )
        }
      </SliceView>
    </Box>
  );
}
