import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DashboardCards } from '@supply-hub/api/contracts';
import { useId } from 'react';
import { Link } from 'react-router';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { ReportsPage } from '../index';
import { BUDGET_VS_ACTUAL_TAB } from '../reports/budgetVsActualApi';
import { useReportsText } from '../reports/useReportsText';

/** The dashboard's spend per department and in total, as budgets count it (the figures of Budget vs actual). */
export function DepartmentSpend({ spend }: { spend: DashboardCards['department_spend'] }) {
  const text = useReportsText();
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {text('dashboard.department_spend')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 auto' }}>
          {text('dashboard.department_spend_help')}
        </Typography>
        <Button component={Link} to={`${ReportsPage.path}?tab=${BUDGET_VS_ACTUAL_TAB}`} size="small">
          {text('dashboard.budget_watch_link')}
        </Button>
      </Box>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>{text('dashboard.department_spend_department')}</TableCell>
            <TableCell>{text('dashboard.department_spend_period')}</TableCell>
            <TableCell align="right">{text('dashboard.department_spend_committed')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {spend.rows.map((row) => (
            <TableRow key={row.department_id}>
              <TableCell>{row.department_name}</TableCell>
              <TableCell>{row.period_label}</TableCell>
              <TableCell align="right">{formatUsd(row.committed)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2}>{text('dashboard.department_spend_total')}</TableCell>
            <TableCell align="right">{formatUsd(spend.total_committed)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Paper>
  );
}
