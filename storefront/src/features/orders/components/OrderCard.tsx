import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayDepartment, displayStatus, type ListedOrder, type Order } from '@supply-hub/api/contracts';
import { useId } from 'react';

import { ProductImage } from '../../../components/ProductImage';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { OrderAgainButton } from './OrderAgainButton';
import { OrderDelivery } from './OrderDelivery';
import { StatChip } from '../../../components/StatChip';
import { OrderStatusBadge } from './OrderStatusBadge';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A line; one an approver rejected is struck through with the approver's reason. */
function OrderLine({ line }: { line: Order['lines'][number] }) {
  const isRejected = line.rejection !== null;
  const struck = isRejected ? { textDecoration: 'line-through', color: 'text.disabled' } : {};
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ py: 1, alignItems: 'center' }}>
      <ProductImage src={line.image_url} alt={line.title} height={48} width={48} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, ...struck }}>
          {line.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={struck}>
          Qty {line.quantity} × {formatUsd(line.unit_price)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {line.supplier_quote
            ? `Part ${line.asin} · ${line.supplier_quote.unit_of_measure}, priced as quoted by the supplier`
            : `ASIN: ${line.asin}`}
        </Typography>
        {line.rejection && (
          <Typography variant="body2" color="warning.main">
            Rejected by approver: {line.rejection.reason}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, ...struck }}>
        {formatUsd(line.total_price)}
      </Typography>
    </Stack>
  );
}

/** An order card (provider-portal §2 Orders page): number, status, requester, date, total, lines, notes. */
export function OrderCard({
  order,
  canOrderAgain,
  isOwn,
}: {
  order: ListedOrder;
  canOrderAgain: boolean;
  /** The caller's own order: its delivery status can be read (an admin also sees others' orders here). */
  isOwn: boolean;
}) {
  const titleId = useId();
  const status = displayStatus(order.status);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {order.order_number}
          </Typography>
          <OrderStatusBadge status={order.status} />
          {order.is_urgent && <StatChip reason={order.urgent_reason} />}
          <Box sx={{ flexGrow: 1 }} />
          <Typography variant="h6" component="p">
            {formatUsd(order.total_amount)}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Requested by {order.requester_name} · {DATE_FORMAT.format(new Date(order.created_at))} ·{' '}
          {displayDepartment(order.delivery_location)}
        </Typography>
        <Divider sx={{ my: 1.5 }} />
        <Box component="ul" aria-label={`Items of ${order.order_number}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {order.lines.map((line) => (
            <OrderLine key={line.id} line={line} />
          ))}
        </Box>
        {order.notes && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              Notes:
            </Box>{' '}
            {order.notes}
          </Typography>
        )}
        {order.delivery_note && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              Delivery instructions:
            </Box>{' '}
            {order.delivery_note}
          </Typography>
        )}
        {status === 'submitted' && isOwn && <OrderDelivery order={order} scope="own" />}
        {status === 'failed' && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            Error: {order.rejection_reason ?? 'Unknown error'}
          </Alert>
        )}
        {status === 'rejected' && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            <AlertTitle>Rejection Reason</AlertTitle>
            {order.rejection_reason ?? 'Rejected by admin'}
          </Alert>
        )}
        {canOrderAgain && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
            <OrderAgainButton order={order} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
