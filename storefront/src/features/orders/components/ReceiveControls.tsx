import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { RECEIPT_SHORT_SHELF_LIFE, type FulfilmentSummary } from '@supply-hub/api/contracts';
import { notShippedQuestion } from '@supply-hub/api/contracts/receipt-text.rules';
import { useState } from 'react';

import { isApiError } from '../../../lib/api-client';
import type { OrderScope } from '../api/get-order';
import { useReceiveOrder, useReceiveOrderInFull } from '../api/receive-order';
import type { ReceiptLineInput } from '../receipt-form.rules';
import { ReceiveLinesForm } from './ReceiveLinesForm';

/**
 * Recording what arrived: what was shipped at once ("Received in full"), or per line
 * with a quantity, a condition and a note, lot and expiry pre-filled from the ship notice. A lot
 * the server finds short-dated is named in a warning; ticking "Receive short-dated
 * stock anyway" sends the same lines again with the confirmation. Units no ship notice has shipped
 * (backordered ones among them) are named and the receiver asked before "Received in full" records them.
 */
export function ReceiveControls({
  order,
  scope,
  toReceive,
  titleOf,
}: {
  order: { id: string; order_number: string };
  scope: OrderScope;
  toReceive: FulfilmentSummary['to_receive'];
  titleOf: (lineNumber: number) => string;
}) {
  const receive = useReceiveOrder(order.id);
  const receiveInFull = useReceiveOrderInFull(order.id);
  const [isAskingNotShipped, setIsAskingNotShipped] = useState(false);
  const [isPartial, setIsPartial] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The lines last sent: the ones to send again once short-dated stock is confirmed.
  const [sent, setSent] = useState<ReceiptLineInput[] | null>(null);
  const [isShortConfirmed, setIsShortConfirmed] = useState(false);
  const shortDated =
    isApiError(receive.error) && receive.error.code === RECEIPT_SHORT_SHELF_LIFE ? receive.error : null;
  const recorded = message && (
    <Alert severity="success" role="status" sx={{ mt: 1.5 }}>
      {message}
    </Alert>
  );
  // Everything arrived: only the confirmation of the last receipt stays.
  if (toReceive.length === 0) return recorded || null;
  const notShipped = toReceive
    .filter((line) => line.not_shipped > 0)
    .map((line) => ({ title: titleOf(line.line_number), quantity: line.not_shipped, backordered: line.backordered }));
  const hasShipped = toReceive.some((line) => line.quantity > line.not_shipped);
  const isSaving = receive.isPending || receiveInFull.isPending;
  const submitInFull = (includeNotShipped: boolean) => {
    setMessage(null);
    setIsAskingNotShipped(false);
    receive.reset();
    receiveInFull.mutate(includeNotShipped, {
      onSuccess: () =>
        setMessage(
          includeNotShipped || notShipped.length === 0
            ? 'Receipt recorded.'
            : 'Receipt recorded for what was shipped; the rest stays open.',
        ),
    });
  };
  const submit = (lines: ReceiptLineInput[], confirmShortShelfLife = false) => {
    setMessage(null);
    receiveInFull.reset();
    setSent(lines);
    setIsShortConfirmed(false);
    receive.mutate(
      { lines, confirmShortShelfLife },
      {
        onSuccess: () => {
          setIsPartial(false);
          setSent(null);
          setMessage(confirmShortShelfLife ? 'Receipt recorded, short-dated stock included.' : 'Receipt recorded.');
        },
      },
    );
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      {shortDated && sent ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {shortDated.message}
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
            <FormControlLabel
              control={
                <Checkbox checked={isShortConfirmed} onChange={(event) => setIsShortConfirmed(event.target.checked)} />
              }
              label="Receive short-dated stock anyway"
            />
            <Button
              variant="contained"
              color="warning"
              disabled={!isShortConfirmed || receive.isPending}
              onClick={() => submit(sent, true)}
            >
              Record receipt with short-dated stock
            </Button>
          </Stack>
        </Alert>
      ) : (
        (receive.error ?? receiveInFull.error) && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {(receive.error ?? receiveInFull.error)?.message}
          </Alert>
        )
      )}
      {recorded}
      {isAskingNotShipped && (
        <Alert severity="warning" role="alertdialog" aria-label="Units not shipped yet" sx={{ mb: 1 }}>
          {notShippedQuestion(notShipped)}
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" color="warning" disabled={isSaving} onClick={() => submitInFull(true)}>
              Receive them too
            </Button>
            {hasShipped && (
              <Button variant="outlined" disabled={isSaving} onClick={() => submitInFull(false)}>
                Only what was shipped
              </Button>
            )}
            <Button onClick={() => setIsAskingNotShipped(false)}>Cancel</Button>
          </Stack>
        </Alert>
      )}
      {isPartial ? (
        <ReceiveLinesForm
          orderId={order.id}
          orderNumber={order.order_number}
          scope={scope}
          toReceive={toReceive}
          titleOf={titleOf}
          isSaving={isSaving}
          onSubmit={submit}
          onCancel={() => setIsPartial(false)}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            variant="contained"
            disabled={isSaving || isAskingNotShipped}
            onClick={() => (notShipped.length > 0 ? setIsAskingNotShipped(true) : submitInFull(false))}
          >
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
