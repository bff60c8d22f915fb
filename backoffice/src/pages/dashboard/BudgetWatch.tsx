import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link } from 'react-router';

import { isBudgetOverWatch } from '@supply-hub/api/contracts/budget-watch.rules';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { ReportsPage } from '../index';
import { BUDGET_VS_ACTUAL_TAB } from '../reports/budgetVsActualApi';
import { ReportRequestError } from '../reports/reportsApi';
import { useBudgetVsActual } from '../reports/useBudgetVsActual';
import { useReportsText } from '../reports/useReportsText';

/** The dashboard's departments at or over 80 % of this period's budget, linking to Budget vs actual. */
export function BudgetWatch() {
  const text = useReportsText();
  const headingId = useId();
  const report = useBudgetVsActual(undefined);
  const watched = (report.data?.rows ?? [])
    .filter(isBudgetOverWatch)
    .sort((a, b) => (b.used_percent ?? 0) - (a.used_percent ?? 0));
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {text('dashboard.budget_watch')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 auto' }}>
          {text('dashboard.budget_watch_help')}
        </Typography>
        <Button component={Link} to={`${ReportsPage.path}?tab=${BUDGET_VS_ACTUAL_TAB}`} size="small">
          {text('dashboard.budget_watch_link')}
        </Button>
      </Box>
      {report.isError && (
        <Alert severity="error">
          {text('dashboard.budget_watch_failed', {
            status: report.error instanceof ReportRequestError ? report.error.status : 'ERROR',
          })}
        </Alert>
      )}
      {report.data && watched.length === 0 && (
        <Typography variant="body2">{text('dashboard.budget_watch_empty')}</Typography>
      )}
      {watched.length > 0 && (
        <List dense disablePadding aria-labelledby={headingId}>
          {watched.map((row) => (
            <ListItem key={row.department_id} disableGutters>
              <ListItemText
                primary={row.department_name}
                secondary={text('dashboard.budget_watch_line', {
                  used: row.used_percent,
                  remaining: formatUsd(row.remaining ?? '0'),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
