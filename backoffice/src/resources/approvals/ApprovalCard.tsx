import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { SubmissionResult } from '@supply-hub/api/contracts';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useId, useState } from 'react';

import type { AdminOrder } from '../../providers/records';
import { DeliveryNote } from '../orders/DeliveryNote';
import { OrderApprovals } from '../orders/OrderApprovals';
import { OrderCardHeader } from '../orders/OrderCardHeader';
import { OrderLineItems } from '../orders/OrderLineItems';
import { RejectLinesButton } from '../orders/RejectLinesButton';
import { SubmissionResultBox } from '../orders/SubmissionResultBox';
import { SubmitOrderButton } from '../orders/SubmitOrderButton';
import { SupplierPricesNote } from '../orders/SupplierQuoteLines';
import { ApprovalBlockers } from './ApprovalBlockers';

/** One order waiting for the user's approval: what it is, its approvals so far, and Approve. */
export function ApprovalCard({ order }: { order: AdminOrder }) {
  const headingId = useId();
  const [lastResult, setLastResult] = useState<SubmissionResult | null>(null);
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <OrderCardHeader order={order} headingId={headingId} total={formatUsd(order.total_amount)} />
        <OrderLineItems lines={order.lines} />
        <SupplierPricesNote lines={order.lines} />
        <DeliveryNote note={order.delivery_note} />
        <OrderApprovals approval={order.approval} />
        <ApprovalBlockers order={order} />
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
