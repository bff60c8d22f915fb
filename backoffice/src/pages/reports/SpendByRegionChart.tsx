import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ByRegionRow } from '@supply-hub/api/contracts';

import { formatUsd } from '../../i18n/format';
import { useReportsText } from './useReportsText';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Spend per Census region as bars (the Overview's chart; a lazy chunk of its own with x-charts). */
export default function SpendByRegionChart({ rows }: { rows: readonly ByRegionRow[] }) {
  const text = useReportsText();
  return (
    // One image with its figures as its text: x-charts' own labelling lands on a role="none" element.
    <Box
      role="img"
      aria-label={text('reports.overview.chart_label', {
        values: rows.map((row) => `${row.region} ${formatUsd(row.total_spend)}`).join('; '),
      })}
    >
      <BarChart
        height={300}
        hideLegend
        xAxis={[{ scaleType: 'band', data: rows.map((row) => row.region) }]}
        yAxis={[{ valueFormatter: (value: number) => compactUsd.format(value), width: 64 }]}
        series={[
          {
            label: text('reports.overview.spend'),
            data: rows.map((row) => Number(row.total_spend)),
            valueFormatter: (value) => formatUsd(value),
          },
        ]}
      />
    </Box>
  );
}
