import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { displayDepartment, type SubmissionResult } from '@supply-hub/api/contracts';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

import { formatDateTime } from '../../i18n/format';
import type { AdminOrder } from '../../providers/records';
import { OrderApprovals } from '../orders/OrderApprovals';
import { OrderLineItems } from '../orders/OrderLineItems';
import { OrderStatusBadge } from '../orders/OrderStatusBadge';
import { SpendFlags } from '../orders/SpendFlags';
import { RejectLinesButton } from '../orders/RejectLinesButton';
import { SubmissionResultBox } from '../orders/SubmissionResultBox';
import { SubmitOrderButton } from '../orders/SubmitOrderButton';

/** One order waiting for the user's approval: what it is, its approvals so far, and Approve. */
export function ApprovalCard({ order }: { order: AdminOrder }) {
  const headingId = useId();
  const translate = useTranslate();
  const [lastResult, setLastResult] = useState<SubmissionResult | null>(null);
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 auto', display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography id={headingId} variant="h6" component="h2">
                {order.order_number}
              </Typography>
              <OrderStatusBadge status={order.status} />
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
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2" color="text.secondary">
              {translate('supply_hub.orders.total')}
            </Typography>
            <Typography variant="h6" component="p">
              {formatUsd(order.total_amount)}
            </Typography>
          </Box>
        </Box>
        <OrderLineItems lines={order.lines} />
        <OrderApprovals approval={order.approval} />
        {lastResult && <SubmissionResultBox result={lastResult} />}
        {order.status === 'pending' && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <SubmitOrderButton order={order} mode="approve" onResult={setLastResult} />
            <RejectLinesButton order={order} onResult={setLastResult} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
