import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { ADMIN_ORDER_FULFILMENT_FILTERS, ORDER_STATUSES, type OrderStatus } from '@supply-hub/api/contracts';
import { useListContext, useTranslate } from 'react-admin';

import type { FilterSetter } from '../../components/useListFilterSetter';
import type { AdminOrderFulfilmentFilter, OrderCounts } from '../../providers/records';

const ALL = 'all';
const TABS = [ALL, ...ORDER_STATUSES] as const;
export type OrderFilterValues = {
  status?: OrderStatus;
  department?: string;
  fulfilment?: AdminOrderFulfilmentFilter;
  /** Pending orders waiting at this approval level: set by the dashboard's link, removable here. */
  approval_level?: number;
};

/** The label of a fulfilment filter value: a fulfilment status or one of the list's own groupings. */
function fulfilmentFilterLabel(value: AdminOrderFulfilmentFilter): string {
  return value === 'awaiting_receipt' || value === 'overdue' || value === 'has_backorder'
    ? `supply_hub.fulfilment.filter.${value}`
    : `supply_hub.fulfilment.status.${value}`;
}

/** The fulfilment filter of submitted orders: a status, awaiting receipt, overdue or with backorders. */
export function FulfilmentFilter({ setFilter }: { setFilter: FilterSetter }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={translate('supply_hub.fulfilment.filter.label')}
      value={(filterValues as OrderFilterValues).fulfilment ?? ''}
      onChange={(event) => setFilter('fulfilment', event.target.value || undefined)}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('supply_hub.fulfilment.filter.all')}</MenuItem>
      {ADMIN_ORDER_FULFILMENT_FILTERS.map((value) => (
        <MenuItem key={value} value={value}>
          {translate(fulfilmentFilterLabel(value))}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The approval-level filter as a chip to remove; nothing when the list is not filtered by level. */
export function ApprovalLevelFilterChip({ setFilter }: { setFilter: FilterSetter }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const level = (filterValues as OrderFilterValues).approval_level;
  if (!level) return null;
  return (
    <Chip
      label={translate('supply_hub.orders.waiting_at_level', { level })}
      onDelete={() => setFilter('approval_level', undefined)}
      sx={{ alignSelf: 'center' }}
    />
  );
}

/** Department filter with 'All Departments' (admin-portal §2.4). */
export function DepartmentFilter({
  departments,
  setFilter,
}: {
  departments: readonly string[];
  setFilter: FilterSetter;
}) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const current = (filterValues as OrderFilterValues).department ?? '';
  const options = current && !departments.includes(current) ? [current, ...departments] : departments;
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={translate('supply_hub.orders.department')}
      value={current}
      onChange={(event) => setFilter('department', event.target.value)}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{translate('supply_hub.orders.all_departments')}</MenuItem>
      {options.map((department) => (
        <MenuItem key={department} value={department}>
          {department}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Status tabs with a count each, as react-admin's demo OrderList (counts from /order-counts). */
export function OrderStatusTabs({ counts, setFilter }: { counts: OrderCounts | undefined; setFilter: FilterSetter }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const current = (filterValues as OrderFilterValues).status ?? ALL;
  return (
    <Tabs
      value={current}
      onChange={(_event, value: string) => setFilter('status', value === ALL ? undefined : value)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label={translate('supply_hub.orders.tabs_label')}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {TABS.map((tab) => {
        const label = translate(`supply_hub.orders.tab.${tab}`);
        const count = counts?.[tab];
        return (
          <Tab
            key={tab}
            value={tab}
            label={count === undefined ? label : translate('supply_hub.orders.tab_label', { label, count })}
          />
        );
      })}
    </Tabs>
  );
}
