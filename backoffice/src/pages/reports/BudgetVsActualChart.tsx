import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import type { BudgetVsActualRow } from '@supply-hub/api/contracts';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useReportsText } from './useReportsText';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export interface BudgetVsActualChartProps {
  /** Departments with a budget. */
  rows: BudgetVsActualRow[];
  labelledBy: string;
  describedBy: string;
}

/** Amount, committed and spent per department as grouped bars (a lazy chunk of its own with x-charts). */
export default function BudgetVsActualChart({ rows, labelledBy, describedBy }: BudgetVsActualChartProps) {
  const text = useReportsText();
  const money = (value: number | null) => (value === null ? '' : formatUsd(value));
  return (
    <Box role="img" aria-labelledby={labelledBy} aria-describedby={describedBy} data-testid="budget-vs-actual-chart">
      <BarChart
        height={Math.max(260, 60 + rows.length * 48)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: rows.map((row) => row.department_name), width: 140 }]}
        xAxis={[{ valueFormatter: (value: number) => compactUsd.format(value) }]}
        series={[
          {
            label: text('reports.budget.amount'),
            data: rows.map((row) => Number(row.amount ?? 0)),
            valueFormatter: money,
          },
          {
            label: text('reports.budget.committed'),
            data: rows.map((row) => Number(row.committed)),
            valueFormatter: money,
          },
          { label: text('reports.budget.spent'), data: rows.map((row) => Number(row.spent)), valueFormatter: money },
        ]}
      />
    </Box>
  );
}
