import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { REPORT_SLICES } from '@supply-hub/api/contracts';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../layout/PageHeader';
import { ApprovalsWaitingNotice } from '../resources/approvals/ApprovalsWaitingNotice';
import { BUDGET_VS_ACTUAL_TAB } from './reports/budgetVsActualApi';
import { BudgetVsActualTab } from './reports/BudgetVsActualTab';
import { ByRegionTab } from './reports/ByRegionTab';
import { OverviewTab } from './reports/OverviewTab';
import { ReordersTab, TopProductsTab } from './reports/ProductTabs';
import { ReportFilters } from './reports/ReportFilters';
import { formatDay } from './reports/reportFormat';
import { defaultRange, localToday, type ReportRange } from './reports/reportRange';
import type { RegionView } from './reports/reportsApi';
import { useReportsText } from './reports/useReportsText';
import { STAT_ORDERS_TAB } from './reports/statOrdersApi';
import { StatOrdersTab } from './reports/StatOrdersTab';
import { SUPPLIERS_TAB } from './reports/supplierScorecardApi';
import { SupplierScorecardTab } from './reports/SupplierScorecardTab';

/** The date-range slices, STAT orders and Suppliers, then Budget vs actual, which chooses a budget period instead. */
const TABS = [...REPORT_SLICES, STAT_ORDERS_TAB, SUPPLIERS_TAB, BUDGET_VS_ACTUAL_TAB] as const;
type ReportTab = (typeof TABS)[number];
const isTab = (value: string | null): value is ReportTab => TABS.some((tab) => tab === value);

/** The screen's state lives in the address (?tab=&from=&to=&view=&month=), so a report can be linked and reloaded. */
function useReportParams() {
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const fallback = defaultRange(today);
  const tab = params.get('tab');
  const state = {
    today,
    tab: isTab(tab) ? tab : 'overview',
    range: { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to },
    view: (params.get('view') === 'map' ? 'map' : 'table') as RegionView,
    month: params.get('month') ?? undefined,
  };
  const update = (changes: Partial<{ tab: ReportTab; range: ReportRange; view: RegionView; month: string }>) => {
    const next = { ...state, ...changes };
    setParams({
      tab: next.tab,
      from: next.range.from,
      to: next.range.to,
      view: next.view,
      ...(next.month ? { month: next.month } : {}),
    });
  };
  return { ...state, update };
}

/** /admin/reports (admin-portal §2.3): presets and dates, then Overview, By Region, Top Products, Reorders. */
export default function ReportsPage() {
  const text = useReportsText();
  const { today, tab, range, view, month, update } = useReportParams();
  const isBudgetTab = tab === BUDGET_VS_ACTUAL_TAB;
  return (
    <>
      <PageHeader title="supply_hub.page.reports" />
      <Stack spacing={2} sx={{ pb: 4 }}>
        <Typography color="text.secondary">{text('reports.subtitle')}</Typography>
        <ApprovalsWaitingNotice />
        {!isBudgetTab && (
          <>
            <ReportFilters
              key={`${range.from}/${range.to}`}
              range={range}
              today={today}
              onApply={(next) => update({ range: next })}
            />
            <Typography role="status" variant="body2" color="text.secondary">
              {text('reports.showing', { from: formatDay(range.from), to: formatDay(range.to) })}
            </Typography>
          </>
        )}
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_, next: ReportTab) => update({ tab: next })}
            aria-label={text('reports.tabs')}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {TABS.map((slice) => (
              <Tab
                key={slice}
                value={slice}
                label={text(`reports.tab.${slice}`)}
                id={`reports-tab-${slice}`}
                aria-controls={`reports-panel-${slice}`}
              />
            ))}
          </Tabs>
        </Box>
        <Box role="tabpanel" id={`reports-panel-${tab}`} aria-labelledby={`reports-tab-${tab}`}>
          {tab === 'overview' && <OverviewTab range={range} />}
          {tab === 'by_region' && (
            <ByRegionTab range={range} view={view} onViewChange={(next) => update({ view: next })} />
          )}
          {tab === 'top_products' && <TopProductsTab range={range} />}
          {tab === 'reorders' && <ReordersTab range={range} />}
          {tab === STAT_ORDERS_TAB && <StatOrdersTab range={range} />}
          {tab === SUPPLIERS_TAB && <SupplierScorecardTab range={range} />}
          {isBudgetTab && <BudgetVsActualTab month={month} onMonthChange={(next) => update({ month: next })} />}
        </Box>
      </Stack>
    </>
  );
}
