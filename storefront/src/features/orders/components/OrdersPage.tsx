import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';

import { useAuth } from '../../auth';
import { useOrders } from '../api/get-orders';
import {
  ALL_DEPARTMENTS,
  countByTab,
  departmentsOf,
  filterOrders,
  parseOrderTab,
  type OrderTab,
} from '../order-filters.rules';
import { OrderCard } from './OrderCard';
import { OrderFilters, ORDERS_PANEL_ID, orderTabId } from './OrderFilters';

/**
 * /orders (provider-portal §2 Orders page): the user's own orders, live as admins decide on them; an
 * admin sees everyone's latest 50 (admin-portal §2).
 */
export function OrdersPage() {
  const { isAdmin, user } = useAuth();
  const { data: allOrders, error } = useOrders();
  const [params, setParams] = useSearchParams();
  const tab = parseOrderTab(params.get('status'));
  const department = params.get('department') ?? ALL_DEPARTMENTS;

  const setParam = (name: string, value: string, defaultValue: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === defaultValue) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  function content() {
    if (!allOrders) {
      if (!error) return <Typography role="status">Loading</Typography>;
      return <Alert severity="error">Error: Failed to load orders: {error.message}</Alert>;
    }
    const orders = filterOrders(allOrders, tab, department);
    const isFiltered = tab !== 'all' || department !== ALL_DEPARTMENTS;
    return (
      <>
        <OrderFilters
          tab={tab}
          onTabChange={(next: OrderTab) => setParam('status', next, 'all')}
          counts={countByTab(allOrders, department)}
          department={department}
          departments={departmentsOf(allOrders)}
          onDepartmentChange={(next) => setParam('department', next, ALL_DEPARTMENTS)}
        />
        <Box id={ORDERS_PANEL_ID} role="tabpanel" aria-labelledby={orderTabId(tab)}>
          {orders.length === 0 ? (
            <Box sx={{ py: 6, textAlign: 'center' }}>
              <Typography variant="h6" component="p">
                No orders found
              </Typography>
              {isFiltered && (
                <Typography color="text.secondary">Try adjusting your filters to see more orders.</Typography>
              )}
            </Box>
          ) : (
            <Stack spacing={2}>
              {orders.map((order) => (
                <OrderCard key={order.id} order={order} canOrderAgain={!isAdmin} isOwn={order.user_id === user?.id} />
              ))}
            </Stack>
          )}
        </Box>
      </>
    );
  }

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Orders
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Review and manage medical supply orders
      </Typography>
      {content()}
    </Container>
  );
}
