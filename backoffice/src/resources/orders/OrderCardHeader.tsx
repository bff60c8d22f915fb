import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { displayDepartment } from '@supply-hub/api/contracts';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';
import type { AdminOrder } from '../../providers/records';
import { OrderStatusBadge } from './OrderStatusBadge';
import { SpendFlags } from './SpendFlags';
import { StatChip } from './StatChip';

/**
 * The head of an order's card, in the orders list and the approvals inbox alike: number (the card's
 * heading), status and spend flags, requester · department · date, and the total on the right.
 */
export function OrderCardHeader({
  order,
  headingId,
  total,
  chips,
  children,
}: {
  order: AdminOrder;
  headingId: string;
  /** The total as shown (formatted). */
  total: string | null;
  /** More chips after the status (the fulfilment chip on the orders list). */
  chips?: ReactNode;
  /** Under the requester line (the ship-to address on the orders list). */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ flex: '1 1 auto', display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {order.order_number}
          </Typography>
          <OrderStatusBadge status={order.status} />
          {order.is_urgent && <StatChip reason={order.urgent_reason} />}
          {chips}
          <SpendFlags order={order} />
        </Box>
        <Typography variant="body2">
          <Box component="span" sx={{ fontWeight: 500 }}>
            {order.requester_name}
          </Box>
          {' · '}
          {displayDepartment(order.delivery_location)}
          {' · '}
          <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
        </Typography>
        {order.is_urgent && order.urgent_reason && (
          <Typography variant="body2" color="error">
            Needed today: {order.urgent_reason}
          </Typography>
        )}
        {children}
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('supply_hub.orders.total')}
        </Typography>
        <Typography variant="h6" component="p">
          {total}
        </Typography>
      </Box>
    </Box>
  );
}
