import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { displayDepartment, type ReceivingOrderList } from '@supply-hub/api/contracts';
import { useId } from 'react';

import { MOMENT } from './delivery-format';
import { OrderDelivery } from './OrderDelivery';

/** A delivery to receive: who ordered it and for which department, what was ordered, and its delivery. */
export function ReceivingOrderCard({ order }: { order: ReceivingOrderList['data'][number] }) {
  const titleId = useId();
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2">
          {order.order_number}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Requested by {order.requester_name} · {displayDepartment(order.delivery_location)} · ordered{' '}
          {MOMENT.format(new Date(order.created_at))}
        </Typography>
        <Box component="ul" aria-label={`Items of ${order.order_number}`} sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {order.lines
            .filter((line) => line.rejection === null)
            .map((line) => (
              <Typography component="li" variant="body2" key={line.id} sx={{ overflowWrap: 'anywhere' }}>
                {line.quantity} × {line.title}
              </Typography>
            ))}
        </Box>
        <OrderDelivery order={order} scope="receiving" />
      </CardContent>
    </Card>
  );
}
