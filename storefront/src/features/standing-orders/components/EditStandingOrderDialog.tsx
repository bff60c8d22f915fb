import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StandingOrder } from '@supply-hub/api/contracts';
import { MAX_LINE_QUANTITY } from '@supply-hub/api/contracts/cart.rules';
import { useId, useState, type FormEvent } from 'react';

import { isApiError } from '../../../lib/api-client';
import { useCart } from '../../cart';
import { useUpdateStandingOrder } from '../api/standing-orders';
import {
  editLinesOf,
  linesToSave,
  NO_LINES_MESSAGE,
  quantityError,
  scheduleDraftOf,
  scheduleOf,
  withCartLines,
  type EditLine,
} from '../standing-order-form.rules';
import { DeliveryNoteField } from '../../../components/DeliveryNoteField';
import { DateRangeFields } from './DateRangeFields';
import { ScheduleFields } from './ScheduleFields';

/** The server's field errors shown at a field here; any other failure is shown as its message. */
const FIELDS_SHOWN = /^(name|schedule\.weekdays|schedule\.day|start_date|end_date|lines(\.\d+\.\w+)?|delivery_note)$/;

interface EditStandingOrderDialogProps {
  order: StandingOrder;
  onClose(): void;
}

/**
 * Edits a standing order as a whole — items and quantities, name, schedule, dates, delivery
 * instructions — and sends it
 * with PUT. Nothing is sent until "Save changes"; "Cancel" drops the edits.
 */
export function EditStandingOrderDialog({ order, onClose }: EditStandingOrderDialogProps) {
  const titleId = useId();
  const { cart } = useCart();
  const update = useUpdateStandingOrder();
  const [name, setName] = useState(order.name);
  const [schedule, setSchedule] = useState(() => scheduleDraftOf(order.schedule));
  const [startDate, setStartDate] = useState(order.start_date);
  const [endDate, setEndDate] = useState(order.end_date ?? '');
  const [lines, setLines] = useState(() => editLinesOf(order));
  // Sent back as it is unless changed: the PUT replaces the whole standing order, note included.
  const [deliveryNote, setDeliveryNote] = useState(order.delivery_note ?? '');
  const [isChecked, setChecked] = useState(false);

  const errors = isApiError(update.error) ? update.error.errors : {};
  // The server names lines by their position in what was sent; the lines may have moved since.
  const sentLines = update.variables?.input.lines ?? [];
  const serverLineError = (asin: string): string | undefined => {
    const index = sentLines.findIndex((line) => line.asin === asin);
    if (index < 0) return undefined;
    if (errors[`lines.${index}.asin`]) return update.error?.message;
    return errors[`lines.${index}.quantity`];
  };
  const checkedLines = linesToSave(lines);
  const linesError =
    lines.length === 0 ? NO_LINES_MESSAGE : isChecked && 'error' in checkedLines ? checkedLines.error : errors.lines;

  const setLine = (asin: string, change: Partial<EditLine>) =>
    setLines((current) => current.map((line) => (line.asin === asin ? { ...line, ...change } : line)));

  async function save(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if ('error' in checkedLines) return;
    await update
      .mutateAsync({
        id: order.id,
        input: {
          name,
          schedule: scheduleOf(schedule),
          start_date: startDate,
          end_date: endDate || null,
          lines: checkedLines.lines,
          delivery_note: deliveryNote,
        },
      })
      .then(() => onClose())
      .catch(() => undefined);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      // On a phone, narrow margins: the lines need the width. (CSS rather than useMediaQuery, which
      // the catalogue's chunk would then carry.)
      slotProps={{
        paper: {
          sx: {
            m: { xs: 1, sm: 4 },
            width: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' },
            maxHeight: { xs: 'calc(100% - 16px)', sm: 'calc(100% - 64px)' },
          },
        },
      }}
    >
      <DialogTitle id={titleId}>Edit standing order</DialogTitle>
      {/* No box of its own: the content scrolls between the title and the buttons as in any dialog. */}
      <Box component="form" noValidate onSubmit={(event) => void save(event)} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h3">
              Items
            </Typography>
            {lines.length > 0 && (
              <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Items">
                {lines.map((line) => {
                  const lineError =
                    (isChecked ? quantityError(line.quantity) : undefined) ?? serverLineError(line.asin);
                  return (
                    <Box component="li" key={line.asin}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                          {line.title}
                        </Typography>
                        <TextField
                          label="Quantity"
                          type="number"
                          size="small"
                          value={line.quantity}
                          onChange={(event) => setLine(line.asin, { quantity: event.target.value })}
                          error={Boolean(lineError)}
                          sx={{ width: 96, flexShrink: 0 }}
                          slotProps={{
                            htmlInput: {
                              min: 1,
                              max: MAX_LINE_QUANTITY,
                              step: 1,
                              inputMode: 'numeric',
                              'aria-label': `Quantity of ${line.title}`,
                            },
                          }}
                        />
                        <IconButton
                          aria-label={`Remove ${line.title}`}
                          onClick={() => setLines((current) => current.filter((other) => other.asin !== line.asin))}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </Stack>
                      {lineError && <FormHelperText error>{lineError}</FormHelperText>}
                    </Box>
                  );
                })}
              </Stack>
            )}
            {linesError && (
              <Alert severity={lines.length === 0 && !isChecked ? 'warning' : 'error'}>{linesError}</Alert>
            )}
            <Box>
              <Button
                variant="outlined"
                disabled={cart.items.length === 0}
                onClick={() =>
                  setLines((current) =>
                    withCartLines(
                      current,
                      // Catalogue lines only: a supplier's PunchOut line is priced for one order.
                      cart.items.map((item) => ({
                        asin: item.product.asin,
                        title: item.product.title,
                        quantity: item.quantity,
                      })),
                    ),
                  )
                }
              >
                Add my cart's items
              </Button>
              <FormHelperText>
                {cart.items.length === 0
                  ? 'Your cart is empty.'
                  : `Adds ${cart.items.length === 1 ? 'the line' : `the ${cart.items.length} lines`} in your cart; a product already here gets the cart's quantity added.`}
              </FormHelperText>
            </Box>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              error={Boolean(errors.name)}
              helperText={errors.name}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
            <DateRangeFields
              startDate={startDate}
              endDate={endDate}
              onStartDateChange={setStartDate}
              onEndDateChange={setEndDate}
              errors={errors}
              endDateHelp="The last day it orders on. To end it, set this date."
            />
            <DeliveryNoteField
              value={deliveryNote}
              onChange={setDeliveryNote}
              disabled={update.isPending}
              error={errors.delivery_note ?? null}
            />
            {update.error && !Object.keys(errors).some((field) => FIELDS_SHOWN.test(field)) && (
              <Alert severity="error">{update.error.message}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            Save changes
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
