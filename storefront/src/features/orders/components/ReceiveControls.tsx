import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';

import type { OrderScope } from '../api/get-order';
import { useReceiveOrder } from '../api/receive-order';
import type { ReceiptLineInput } from '../receipt-form.rules';
import { ReceiveLinesForm } from './ReceiveLinesForm';

/**
 * Recording what arrived (issue 17 §3): all that remains at once ("Received in full"), or per line
 * with a quantity, a condition and a note, lot and expiry pre-filled from the ship notice.
 */
export function ReceiveControls({
  order,
  scope,
  toReceive,
  titleOf,
}: {
  order: { id: string; order_number: string };
  scope: OrderScope;
  toReceive: { line_number: number; quantity: number }[];
  titleOf: (lineNumber: number) => string;
}) {
  const receive = useReceiveOrder(order.id);
  const [isPartial, setIsPartial] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const recorded = message && (
    <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
      {message}
    </Alert>
  );
  // Everything arrived: only the confirmation of the last receipt stays.
  if (toReceive.length === 0) return recorded || null;
  const submit = (lines: ReceiptLineInput[]) => {
    setMessage(null);
    receive.mutate(lines, {
      onSuccess: () => {
        setIsPartial(false);
        setMessage('Receipt recorded.');
      },
    });
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      {receive.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {receive.error.message}
        </Alert>
      )}
      {recorded}
      {isPartial ? (
        <ReceiveLinesForm
          orderId={order.id}
          orderNumber={order.order_number}
          scope={scope}
          toReceive={toReceive}
          titleOf={titleOf}
          isSaving={receive.isPending}
          onSubmit={submit}
          onCancel={() => setIsPartial(false)}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" disabled={receive.isPending} onClick={() => submit(toReceive)}>
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
