import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { displayStatus, orderTotalAfterRejections } from '@supply-hub/api/contracts';
import { memo, useId } from 'react';
import { useTranslate } from 'react-admin';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import type { AdminOrder } from '../../providers/records';
import { DeliveryNote } from './DeliveryNote';
import { DeliverySection } from './DeliverySection';
import { FulfilmentChip } from './FulfilmentChip';
import { OrderApprovals } from './OrderApprovals';
import { OrderCardHeader } from './OrderCardHeader';
import { OrderCommands } from './OrderCommands';
import { OrderLineItems } from './OrderLineItems';
import { RequesterAddress } from './RequesterAddress';
import { SupplierPricesNote } from './SupplierQuoteLines';

/** One order as admin-portal §2.4 lists its card; memoised, so a changed order re-renders only its card. */
export const OrderCard = memo(function OrderCard({ order }: { order: AdminOrder }) {
  const headingId = useId();
  const translate = useTranslate();
  const status = displayStatus(order.status);
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <OrderCardHeader
          order={order}
          headingId={headingId}
          total={formatUsd(orderTotalAfterRejections(order))}
          chips={
            order.fulfilment_status && <FulfilmentChip status={order.fulfilment_status} isOverdue={order.is_overdue} />
          }
        >
          <RequesterAddress order={order} />
        </OrderCardHeader>
        <Divider />
        <OrderLineItems lines={order.lines} />
        <SupplierPricesNote lines={order.lines} />
        {order.notes && (
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 500 }}>
              {translate('supply_hub.orders.notes')}:
            </Box>{' '}
            {order.notes}
          </Typography>
        )}
        <DeliveryNote note={order.delivery_note} />
        {status === 'failed' && order.rejection_reason && (
          <Alert severity="error">
            {translate('supply_hub.orders.error_reason', { reason: order.rejection_reason })}
          </Alert>
        )}
        {status === 'rejected' && (
          <Alert severity="warning">
            <AlertTitle>{translate('supply_hub.orders.rejection_reason')}</AlertTitle>
            {order.rejection_reason}
          </Alert>
        )}
        <OrderApprovals approval={order.approval} />
        <DeliverySection order={order} />
        <OrderCommands order={order} />
      </CardContent>
    </Card>
  );
});
