import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OrderEvent } from '@supply-hub/api/contracts';
import { receivedEventText } from '@supply-hub/api/contracts/receipt-text.rules';
import { useId, useState } from 'react';

import { useOrderDetail, type OrderScope } from '../api/get-order';
import { MOMENT } from './delivery-format';

const EVENT_TEXT: Record<OrderEvent['type'], string> = {
  submitted: 'Ordered',
  approved: 'Approved',
  rejected: 'Rejected',
  lines_rejected: 'Items rejected by the approver',
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

/** The lines a "received" event names, as its details carry them. */
function receivedLinesOf(event: OrderEvent): { line_number: number; quantity: number }[] {
  const lines = event.details.lines;
  if (!Array.isArray(lines)) return [];
  return lines.filter(
    (line): line is { line_number: number; quantity: number } =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as Record<string, unknown>).line_number === 'number' &&
      typeof (line as Record<string, unknown>).quantity === 'number',
  );
}

/** What a row of the timeline says; a receipt names what was received. */
function eventText(event: OrderEvent, titleOf: (lineNumber: number) => string): string {
  if (event.type === 'received') return receivedEventText(receivedLinesOf(event), titleOf);
  return EVENT_TEXT[event.type];
}

/** The order's timeline, read (GET of the order in full) only once the user opens it. */
export function OrderHistory({
  orderId,
  scope,
  titleOf,
}: {
  orderId: string;
  scope: OrderScope;
  titleOf: (lineNumber: number) => string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const { data, error } = useOrderDetail(orderId, scope, isOpen);
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" aria-expanded={isOpen} aria-controls={listId} onClick={() => setIsOpen((open) => !open)}>
        {isOpen ? 'Hide history' : 'Show history'}
      </Button>
      {isOpen && error && <Alert severity="error">Could not load the history: {error.message}</Alert>}
      {isOpen && !data && !error && <Typography role="status">Loading history</Typography>}
      {isOpen && data && (
        <Box component="ol" id={listId} aria-label="Order history" sx={{ m: 0, pl: 3 }}>
          {data.fulfilment.events.map((event, index) => (
            <li key={`${event.type}-${event.at}-${index}`}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {eventText(event, titleOf)}
                {event.details.short_shelf_life_accepted === true ? ' (short-dated stock accepted)' : ''} ·{' '}
                {MOMENT.format(new Date(event.at))} · {event.actor}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
