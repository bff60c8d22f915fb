import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StandingOrder } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { isApiError } from '../../../lib/api-client';
import { useCart } from '../../cart';
import { useCreateStandingOrder, useSetPaused, useStandingOrders } from '../api/standing-orders';
import { scheduleDraftOf, scheduleOf } from '../standing-order-form.rules';
import { scheduleText } from '@supply-hub/api/contracts/standing-order-text.rules';
import { EditStandingOrderDialog } from './EditStandingOrderDialog';
import { DeliveryNoteField } from '../../../components/DeliveryNoteField';
import { DateRangeFields } from './DateRangeFields';
import { ScheduleFields } from './ScheduleFields';

const today = () => new Date().toISOString().slice(0, 10);
/** The server's field errors this form shows at a field; any other failure is shown as its message. */
const FIELDS_SHOWN = new Set(['name', 'schedule.weekdays', 'schedule.day', 'start_date', 'end_date', 'delivery_note']);

/**
 * "Make my cart a standing order": name, schedule, start and end dates, delivery instructions each of
 * its orders carries; the lines are the cart's.
 */
function NewStandingOrderForm() {
  const { cart } = useCart();
  const create = useCreateStandingOrder();
  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState(scheduleDraftOf);
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState('');
  const [deliveryNote, setDeliveryNote] = useState('');
  const errors = isApiError(create.error) ? create.error.errors : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    await create
      .mutateAsync({
        name,
        schedule: scheduleOf(schedule),
        start_date: startDate,
        end_date: endDate || null,
        lines: cart.items.map((item) => ({ asin: item.product.asin, quantity: item.quantity })),
        delivery_note: deliveryNote,
      })
      .then(() => {
        setName('');
        setDeliveryNote('');
      })
      .catch(() => undefined);
  }

  if (cart.items.length === 0) {
    return (
      <Alert severity="info">
        To set up a standing order, put the items and quantities you need every time in your cart, then come back here.
      </Alert>
    );
  }
  return (
    <Paper variant="outlined" component="form" onSubmit={(event) => void submit(event)} sx={{ p: 2 }} noValidate>
      <Typography variant="h6" component="h2" gutterBottom>
        Make my cart a standing order
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {cart.items.map((item) => `${item.quantity} × ${item.product.title}`).join(' · ')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'For example: Monday IV fluids'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
        <DateRangeFields
          startDate={startDate}
          endDate={endDate}
          onStartDateChange={setStartDate}
          onEndDateChange={setEndDate}
          errors={errors}
        />
        <DeliveryNoteField
          value={deliveryNote}
          onChange={setDeliveryNote}
          disabled={create.isPending}
          error={errors.delivery_note ?? null}
        />
        {create.error && !Object.keys(errors).some((field) => FIELDS_SHOWN.has(field)) && (
          <Alert severity="error">{create.error.message}</Alert>
        )}
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Save standing order
        </Button>
      </Stack>
    </Paper>
  );
}

function StandingOrderCard({ order }: { order: StandingOrder }) {
  const setPaused = useSetPaused();
  const [isEditing, setEditing] = useState(false);
  return (
    <Paper variant="outlined" component="article" aria-label={order.name} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
          {order.name}
        </Typography>
        {order.paused && <Chip label="Paused" color="warning" size="small" />}
        <Button
          size="small"
          variant="outlined"
          disabled={setPaused.isPending}
          onClick={() => setPaused.mutate({ id: order.id, paused: !order.paused })}
        >
          {order.paused ? 'Resume' : 'Pause'}
        </Button>
        {order.location === null && (
          <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </Stack>
      {order.location && (
        <Typography variant="body2" color="text.secondary">
          For {order.location.name}, set by an administrator: you may pause it; an administrator changes it.
        </Typography>
      )}
      <Typography>{scheduleText(order.schedule)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {order.paused
          ? 'Paused: nothing is ordered until you resume it.'
          : order.next_date
            ? `Next order: ${order.next_date}`
            : 'No further date: it has ended.'}
        {order.end_date && ` · ends ${order.end_date}`}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {order.lines.map((line) => `${line.quantity} × ${line.title ?? line.asin}`).join(' · ')}
      </Typography>
      {order.delivery_note && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Delivery instructions: {order.delivery_note}
        </Typography>
      )}
      {order.recent.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ mt: 1, pl: 2 }} aria-label={`Latest dates of ${order.name}`}>
          {order.recent.map((occurrence) => (
            <Typography component="li" variant="body2" key={occurrence.date}>
              {occurrence.date}:{' '}
              {occurrence.status === 'ordered'
                ? 'order placed'
                : occurrence.status === 'skipped'
                  ? `skipped — ${occurrence.reason ?? ''}`
                  : 'being placed'}
            </Typography>
          ))}
        </Stack>
      )}
      {/* Mounted while open only: each opening starts from the standing order as it is now. */}
      {isEditing && <EditStandingOrderDialog order={order} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** /standing-orders: the owner's fixed needs, ordered on their schedule by a job. */
export function StandingOrdersPage() {
  const { data, error } = useStandingOrders();
  // Setting one up takes a cart its owner may submit; a nurse follows those set for her ward.
  const { canSubmit } = useCart();
  return (
    <Container component="main" maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Standing orders
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Fixed needs ordered for you on their days. Each order goes through the usual budget and approvals, and you get
        an e-mail each time — or why nothing was ordered.
      </Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error">Your standing orders could not be loaded: {error.message}</Alert>}
        {data?.map((order) => (
          <StandingOrderCard key={order.id} order={order} />
        ))}
        {canSubmit ? (
          <NewStandingOrderForm />
        ) : (
          <Alert severity="info">
            An administrator sets up your ward&apos;s standing orders. Those placed in your name are listed here, and
            you may pause and resume them.
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
