import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';

import { RECEIVING_PAGE_SIZE, useReceivingOrders } from '../api/get-receiving-orders';
import { ReceivingOrderCard } from './ReceivingOrderCard';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /receiving, for logistics administrators and admins: the organisation's sent orders
 * with something still to receive, newest sent first, each with the same receiving controls the
 * requester has. The route and the server both check the role.
 */
export function ReceivingPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const { data, error } = useReceivingOrders(page);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / RECEIVING_PAGE_SIZE)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  function content() {
    if (!data) {
      if (!error) return <Typography role="status">Loading</Typography>;
      return <Alert severity="error">Could not load the deliveries to receive: {error.message}</Alert>;
    }
    if (data.data.length === 0) {
      return (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            Nothing to receive
          </Typography>
          <Typography color="text.secondary">Every order sent to the supplier has been received.</Typography>
        </Box>
      );
    }
    return (
      <>
        <Stack spacing={2}>
          {data.data.map((order) => (
            <ReceivingOrderCard key={order.id} order={order} />
          ))}
        </Stack>
        {pageCount > 1 && (
          <Stack
            component="nav"
            aria-label="Pages of deliveries"
            direction="row"
            spacing={1}
            sx={{ mt: 3, justifyContent: 'center', alignItems: 'center' }}
          >
            <Button disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <Typography variant="body2">
              Page {page} of {pageCount}
            </Typography>
            <Button disabled={page >= pageCount} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </Stack>
        )}
      </>
    );
  }

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Deliveries to receive
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {data ? `${data.total} sent ${data.total === 1 ? 'order is' : 'orders are'} not yet received in full` : ' '}
      </Typography>
      {content()}
    </Container>
  );
}
