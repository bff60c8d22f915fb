import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BUDGET_WATCH_PERCENT, type BudgetVsActualRow } from '@supply-hub/api/contracts';
import { lazy, Suspense, useId } from 'react';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { budgetVsActualExportUrl } from './budgetVsActualApi';
import { formatMonth, monthsBack } from './budgetMonths';
import { localToday } from './reportRange';
import { SliceHeading } from './SliceSection';
import { SliceView } from './SliceView';
import { useBudgetVsActual } from './useBudgetVsActual';
import { useReportsText } from './useReportsText';

// x-charts is loaded with the chart only, not with the page.
const BudgetVsActualChart = lazy(() => import('./BudgetVsActualChart'));

function UsedChip({ row }: { row: BudgetVsActualRow }) {
  const text = useReportsText();
  if (row.used_percent === null) return <>{text('reports.budget.no_budget')}</>;
  const color = row.used_percent >= 100 ? 'error' : row.used_percent >= BUDGET_WATCH_PERCENT ? 'warning' : 'success';
  return <Chip size="small" variant="outlined" color={color} label={`${row.used_percent} %`} />;
}

function BudgetTable({ rows }: { rows: BudgetVsActualRow[] }) {
  const text = useReportsText();
  if (rows.length === 0) return <Typography>{text('reports.budget.empty')}</Typography>;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={text('reports.budget.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{text('reports.budget.department')}</TableCell>
            <TableCell>{text('reports.budget.period_column')}</TableCell>
            <TableCell align="right">{text('reports.budget.amount')}</TableCell>
            <TableCell align="right">{text('reports.budget.committed')}</TableCell>
            <TableCell align="right">{text('reports.budget.spent')}</TableCell>
            <TableCell align="right">{text('reports.budget.remaining')}</TableCell>
            <TableCell align="right">{text('reports.budget.used')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.department_id}>
              <TableCell component="th" scope="row">
                {row.department_name}
              </TableCell>
              <TableCell>{row.period_label}</TableCell>
              <TableCell align="right">{row.amount === null ? '—' : formatUsd(row.amount)}</TableCell>
              <TableCell align="right">{formatUsd(row.committed)}</TableCell>
              <TableCell align="right">{formatUsd(row.spent)}</TableCell>
              <TableCell align="right">{row.remaining === null ? '—' : formatUsd(row.remaining)}</TableCell>
              <TableCell align="right">
                <UsedChip row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function BudgetChart({ rows }: { rows: BudgetVsActualRow[] }) {
  const text = useReportsText();
  const headingId = useId();
  const summaryId = useId();
  const budgeted = rows.filter((row) => row.amount !== null);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {text('reports.budget.chart_title')}
      </Typography>
      <Typography id={summaryId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {budgeted.length === 0
          ? text('reports.budget.chart_empty')
          : text('reports.budget.chart_summary', { smart_count: budgeted.length })}
      </Typography>
      {budgeted.length > 0 && (
        <Suspense fallback={<LinearProgress aria-label={text('reports.loading')} />}>
          <BudgetVsActualChart rows={budgeted} labelledBy={headingId} describedBy={summaryId} />
        </Suspense>
      )}
    </Paper>
  );
}

/**
 * Budget vs actual: per department, its budget's period containing the chosen month
 * (default the current one): amount, committed, spent, remaining and % used, a bar chart and the CSV.
 */
export function BudgetVsActualTab({
  month,
  onMonthChange,
}: {
  month: string | undefined;
  onMonthChange: (month: string) => void;
}) {
  const text = useReportsText();
  const headingId = useId();
  const report = useBudgetVsActual(month);
  const current = localToday().slice(0, 7);
  const shown = month ?? report.data?.month ?? current;
  const choices = monthsBack(current > shown ? current : shown);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <SliceHeading
        id={headingId}
        title={text('reports.tab.budget_vs_actual')}
        actions={
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            href={budgetVsActualExportUrl(month)}
            download
          >
            {text('reports.budget.export')}
          </Button>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={text('reports.budget.period')}
          value={choices.includes(shown) ? shown : ''}
          onChange={(event) => onMonthChange(event.target.value)}
          helperText={text('reports.budget.period_help')}
          sx={{ minWidth: 220 }}
        >
          {choices.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice === current
                ? text('reports.budget.current', { month: formatMonth(choice) })
                : formatMonth(choice)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {text('reports.budget.definitions')}
      </Typography>
      <SliceView query={report} sliceName="budget vs actual">
        {(data) => (
          <>
            <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {text('reports.budget.showing', { month: formatMonth(data.month) })}
            </Typography>
            <BudgetChart rows={data.rows} />
            <BudgetTable rows={data.rows} />
          </>
        )}
      </SliceView>
    </Box>
  );
}
