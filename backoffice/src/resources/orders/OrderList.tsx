import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ListBase, Pagination, useListContext, useTranslate } from 'react-admin';

import { useListFilterSetter } from '../../components/useListFilterSetter';
import { useProgressiveCount } from '../../components/useProgressiveCount';
import { PageHeader } from '../../layout/PageHeader';
import type { AdminOrder } from '../../providers/records';
import { IntegrationSections } from './IntegrationSections';
import { OrderCard } from './OrderCard';
import {
  ApprovalLevelFilterChip,
  DepartmentFilter,
  FulfilmentFilter,
  OrderStatusTabs,
  type OrderFilterValues,
} from './OrderFilters';
import { ScorecardFilterChip } from './ScorecardFilterChip';
import { useOrderCounts } from './useOrderCounts';

/** Admins see the latest 50 orders (admin-portal §5), newest first. */
const PAGE_SIZE = 50;
/** Order cards rendered per task on the first load. */
const CARDS_PER_TASK = 10;

function OrdersEmpty({ isFiltered }: { isFiltered: boolean }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="p">
        {translate('supply_hub.orders.empty')}
      </Typography>
      {isFiltered && <Typography color="text.secondary">{translate('supply_hub.orders.empty_hint')}</Typography>}
    </Paper>
  );
}

/**
 * The cards, a few per task on the first load: the first ones show sooner and no task runs long.
 * Its own component, so each step re-renders the list alone, not the tabs above (which measure themselves).
 */
function OrderCards({ orders }: { orders: readonly AdminOrder[] }) {
  const renderedCount = useProgressiveCount(orders.length, CARDS_PER_TASK);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {orders.slice(0, renderedCount).map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
    </Box>
  );
}

function OrdersView() {
  const translate = useTranslate();
  const { data, error, isPending, filterValues } = useListContext<AdminOrder>();
  const filters = filterValues as OrderFilterValues;
  const counts = useOrderCounts(filters);
  const setFilter = useListFilterSetter();
  return (
    <>
      <PageHeader
        title="supply_hub.orders.title"
        subtitle="supply_hub.orders.subtitle"
        actions={
          <>
            <ApprovalLevelFilterChip setFilter={setFilter} />
            <ScorecardFilterChip setFilter={setFilter} />
            <FulfilmentFilter setFilter={setFilter} />
            <DepartmentFilter departments={counts.data?.departments ?? []} setFilter={setFilter} />
          </>
        }
      />
      <IntegrationSections />
      <OrderStatusTabs counts={counts.data} setFilter={setFilter} />
      {isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
      {error && (
        <Alert severity="error">
          {error.message
            ? translate('supply_hub.orders.load_failed', { message: error.message })
            : translate('supply_hub.orders.load_failed_plain')}
        </Alert>
      )}
      {data && data.length === 0 && <OrdersEmpty isFiltered={Object.keys(filterValues).length > 0} />}
      {data && data.length > 0 && <OrderCards orders={data} />}
      <Pagination rowsPerPageOptions={[]} />
    </>
  );
}

/** /admin/orders (admin-portal §2.4): status tabs with counts, department filter, order cards. */
export default function OrderList() {
  return (
    <ListBase<AdminOrder> perPage={PAGE_SIZE} sort={{ field: 'created_at', order: 'DESC' }}>
      <OrdersView />
    </ListBase>
  );
}
