import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderDetail, OrderEvent } from '@supply-hub/api/contracts';
import { useId, useState } from 'react';

import { useOrderDetail } from '../api/get-order';
import { useReceiveOrder } from '../api/receive-order';
import { FULFILMENT_STEPS, progressOf, remainingToReceive } from '../fulfilment-progress.rules';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const EVENT_TEXT: Record<OrderEvent['type'], string> = {
  submitted: 'Ordered',
  approved: 'Approved',
  rejected: 'Rejected',
  sent: 'Sent to the supplier',
  send_failed: 'Could not be sent to the supplier',
  confirmed: 'Confirmed by the supplier',
  backordered: 'Backordered by the supplier',
  rejected_by_supplier: 'Rejected by the supplier',
  confirmation_updated: 'Confirmation updated by the supplier',
  shipped: 'Shipped',
  shipment_updated: 'Shipment updated',
  shipment_withdrawn: 'Shipment withdrawn by the supplier',
  supplier_status: 'Message from the supplier',
  received: 'Received',
};

/**
 * What happened to a sent order after the supplier: a progress line (ordered → confirmed → shipped
 * → received), tracking links, backorders and rejections with their dates and reasons, receiving,
 * and the order's timeline. Live: the order's server events refetch it.
 */
export function OrderDelivery({ order }: { order: Pick<OrderDetail, 'id' | 'order_number' | 'lines'> }) {
  const { data, error } = useOrderDetail(order.id, true);
  if (error) return <Alert severity="error">Could not load the delivery status: {error.message}</Alert>;
  if (!data) return <Typography role="status">Loading delivery status</Typography>;
  const { fulfilment } = data;
  if (!fulfilment.fulfilment_status) return null;
  const progress = progressOf(fulfilment.fulfilment_status);
  const titleOf = (lineNumber: number) =>
    fulfilment.lines.find((line) => line.line_number === lineNumber)?.title ?? `Line ${lineNumber}`;
  return (
    <Box component="section" aria-label={`Delivery of ${order.order_number}`} sx={{ mt: 1.5 }}>
      <Stepper activeStep={progress.isComplete ? FULFILMENT_STEPS.length : progress.activeStep} alternativeLabel>
        {FULFILMENT_STEPS.map((step) => (
          <Step key={step}>
            <StepLabel>{step}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="fulfilment-status">
        {progress.label}
        {fulfilment.expected_delivery_date && !progress.isComplete
          ? ` · expected ${DAY.format(new Date(fulfilment.expected_delivery_date))}`
          : ''}
      </Typography>
      {fulfilment.shipments.map((shipment) => (
        <Typography key={shipment.shipment_id} variant="body2">
          {shipment.carrier ?? 'Carrier'} {shipment.tracking_number ?? shipment.shipment_id}
          {shipment.tracking_url && (
            <>
              {' · '}
              <Link href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                Track shipment
              </Link>
            </>
          )}
        </Typography>
      ))}
      {fulfilment.lines
        .filter((line) => line.backordered_quantity > 0)
        .map((line) => (
          <Typography key={`b${line.line_number}`} variant="body2" color="warning.main">
            {line.backordered_quantity} × {line.title} backordered
            {line.delivery_date ? `, expected ${DAY.format(new Date(line.delivery_date))}` : ''}
          </Typography>
        ))}
      {fulfilment.lines
        .filter((line) => line.rejected_quantity > 0)
        .map((line) => (
          <Typography key={`r${line.line_number}`} variant="body2" color="error">
            {line.rejected_quantity} × {line.title} rejected by the supplier
            {line.rejection_reason ? `: ${line.rejection_reason}` : ''}
          </Typography>
        ))}
      <Receiving orderId={order.id} orderNumber={order.order_number} fulfilment={fulfilment} titleOf={titleOf} />
      <Timeline events={fulfilment.events} />
    </Box>
  );
}

function Receiving({
  orderId,
  orderNumber,
  fulfilment,
  titleOf,
}: {
  orderId: string;
  orderNumber: string;
  fulfilment: OrderDetail['fulfilment'];
  titleOf: (lineNumber: number) => string;
}) {
  const remaining = remainingToReceive(fulfilment.lines);
  const receive = useReceiveOrder(orderId);
  const [isPartial, setIsPartial] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const recorded = message && (
    <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
      {message}
    </Alert>
  );
  // Everything arrived: only the confirmation of the last receipt stays.
  if (remaining.length === 0) return recorded || null;
  const submit = (lines: { line_number: number; quantity: number }[]) => {
    setMessage(null);
    receive.mutate(lines, {
      onSuccess: () => {
        setIsPartial(false);
        setQuantities({});
        setMessage('Receipt recorded.');
      },
    });
  };
  const partialLines = remaining
    .map((line) => ({ line_number: line.line_number, quantity: Number(quantities[line.line_number] ?? '0') }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
  return (
    <Box sx={{ mt: 1.5 }}>
      {receive.error && <Alert severity="error">{receive.error.message}</Alert>}
      {recorded}
      {isPartial ? (
        <Stack spacing={1} component="form" aria-label={`Receive items of ${orderNumber}`}>
          {remaining.map((line) => (
            <TextField
              key={line.line_number}
              type="number"
              size="small"
              label={`${titleOf(line.line_number)} (up to ${line.quantity})`}
              value={quantities[line.line_number] ?? ''}
              onChange={(event) =>
                setQuantities((previous) => ({ ...previous, [line.line_number]: event.target.value }))
              }
              slotProps={{ htmlInput: { min: 0, max: line.quantity, inputMode: 'numeric' } }}
            />
          ))}
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              disabled={partialLines.length === 0 || receive.isPending}
              onClick={() => submit(partialLines)}
            >
              Record receipt
            </Button>
            <Button onClick={() => setIsPartial(false)}>Cancel</Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" disabled={receive.isPending} onClick={() => submit(remaining)}>
            Received in full
          </Button>
          <Button variant="outlined" onClick={() => setIsPartial(true)}>
            Receive part
          </Button>
        </Stack>
      )}
    </Box>
  );
}

function Timeline({ events }: { events: OrderEvent[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" aria-expanded={isOpen} aria-controls={listId} onClick={() => setIsOpen((open) => !open)}>
        {isOpen ? 'Hide history' : 'Show history'}
      </Button>
      {isOpen && (
        <Box component="ol" id={listId} aria-label="Order history" sx={{ m: 0, pl: 3 }}>
          {events.map((event, index) => (
            <li key={`${event.type}-${event.at}-${index}`}>
              <Typography variant="body2">
                {EVENT_TEXT[event.type]} · {MOMENT.format(new Date(event.at))} · {event.actor}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
