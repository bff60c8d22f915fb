import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';

import { PageHeader } from '../layout/PageHeader';
import { ApprovalLevelWatch } from './dashboard/ApprovalLevelWatch';
import { BudgetWatch } from './dashboard/BudgetWatch';
import { DepartmentSpend } from './dashboard/DepartmentSpend';
import { FulfilmentCards } from './dashboard/FulfilmentCards';
import { RecentReports } from './dashboard/RecentReports';
import { useDashboardCards } from './dashboard/useDashboardCards';
import { ReportRequestError } from './reports/reportsApi';
import { describeLoadError } from './reports/useReportSlice';
import { useReportsText } from './reports/useReportsText';

/** /admin/dashboard (admin-portal §2.2): approval levels nobody can approve (when any), the KPI overview, Recent Reports of the last 30 days, spend by department as budgets count it, the departments over 80 % of their budget, and fulfilment. */
export default function DashboardPage() {
  const text = useReportsText();
  const cards = useDashboardCards();
  const error = cards.error;
  return (
    <>
      <PageHeader title="supply_hub.page.dashboard" />
      <Stack spacing={3} sx={{ pb: 4 }}>
        {cards.isPending && <LinearProgress aria-label={text('dashboard.loading')} />}
        {error && (
          <Alert severity="error">
            {error instanceof ReportRequestError && error.status === 0
              ? describeLoadError(error, 'dashboard', text)
              : text('dashboard.failed', { status: error instanceof ReportRequestError ? error.status : 'ERROR' })}
          </Alert>
        )}
        {cards.data && <ApprovalLevelWatch levels={cards.data.approval_levels_without_approver} />}
        {cards.data && <RecentReports cards={cards.data} />}
        {cards.data && <DepartmentSpend spend={cards.data.department_spend} />}
        <BudgetWatch />
        <FulfilmentCards />
      </Stack>
    </>
  );
}
