import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CountLine, LocationDetail, ScanResult } from '@supply-hub/api/contracts';
import { topUpPacks } from '@supply-hub/api/contracts/par-levels.rules';
import { canOrderForLocation, canSubmitCart } from '@supply-hub/api/contracts/roles.rules';
import { useRef, useState, type KeyboardEvent } from 'react';

import { ProductImage } from '../../../components/ProductImage';
import { RouterLink } from '../../../components/RouterLink';
import { ScanField, type ScanNote } from '../../catalogue/scan/ScanField';
import { useAuth } from '../../auth';
import { useCountAndTopUp, type TopUpMode } from '../api/count-and-top-up';
import { useLocation } from '../api/get-location';
import { ExpiringSoon, EXPIRING_SOON_ID } from './ExpiringSoon';
import { StatOrderControl, useStatOrderChoice } from '../../../components/StatOrderControl';
import { DeliveryNoteField } from '../../../components/DeliveryNoteField';

type Item = LocationDetail['stock_list'][number];

/** A typed count as units on hand: a whole number of 0 or more, else nothing counted yet. */
function unitsOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,7}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

function orderText(item: Item, onHand: number | undefined): string {
  if (onHand === undefined) return 'Not counted';
  const packs = topUpPacks(item, onHand);
  if (packs === 0) return 'Nothing to order';
  return `Order ${packs} ${packs === 1 ? 'pack' : 'packs'}`;
}

function resultText({
  count,
  order,
  mode,
}: {
  count: { lines: unknown[] };
  order: { order_number: string } | null;
  mode: TopUpMode;
}): string {
  if (count.lines.length === 0) return 'Count saved. Everything is at par: nothing to order.';
  if (order) return `Count saved. Order ${order.order_number} submitted for approval.`;
  if (mode === 'count-only') return 'Count saved.';
  const items = count.lines.length;
  return `Count saved. ${items} ${items === 1 ? 'item' : 'items'} added to your cart.`;
}

/**
 * /locations/:id, for a phone in one hand: the stock list top to bottom, one large
 * numeric field per item, Enter moves to the next; each item shows live what will be ordered
 * (the api's own rule), and one button records the count and puts the top-up in the cart, or
 * submits it as the location's order. Each way is offered only to roles that can finish it: the cart
 * to those who may submit a cart, the order to those who may order for a location, and the count
 * alone to anyone else.
 */
export function CountScreen({ id }: { id: string }) {
  const { data, error } = useLocation(id);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const countAndAdd = useCountAndTopUp(id);
  const { roles } = useAuth();
  const mayUseCart = canSubmitCart(roles);
  const mayOrder = canOrderForLocation(roles);
  const stat = useStatOrderChoice();
  const [deliveryNote, setDeliveryNote] = useState('');

  if (!data) {
    return (
      <Container component="main" maxWidth="sm" sx={{ py: 3 }}>
        {error ? (
          <Alert severity="error">Could not load this location: {error.message}</Alert>
        ) : (
          <Typography role="status">Loading</Typography>
        )}
      </Container>
    );
  }

  const counts: CountLine[] = data.stock_list.flatMap((item) => {
    const onHand = unitsOf(typed[item.asin]);
    return onHand === undefined ? [] : [{ asin: item.asin, on_hand: onHand }];
  });
  const packs = data.stock_list.reduce((sum, item) => {
    const onHand = unitsOf(typed[item.asin]);
    return sum + (onHand === undefined ? 0 : topUpPacks(item, onHand));
  }, 0);

  /** A scan adds one pack of what it names to that item's count; anything else says why. */
  function addScan(scan: ScanResult, stockList: readonly Item[]): ScanNote {
    const item = stockList.find((line) => line.asin === scan.asin);
    if (!item) return { severity: 'warning', text: `${scan.title} is not on this location’s list: nothing counted.` };
    const onHand = (unitsOf(typed[item.asin]) ?? 0) + scan.units;
    setTyped((before) => ({ ...before, [item.asin]: String(onHand) }));
    return { severity: 'success', text: `Scanned ${item.title}: +${scan.units}, ${onHand} on hand.` };
  }

  function moveOn(event: KeyboardEvent<HTMLDivElement>, index: number) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    inputs.current[index + 1]?.focus();
  }

  const result = countAndAdd.data;
  const isDone = counts.length === 0 || countAndAdd.isPending || result !== undefined;
  return (
    // The fixed bar grows with the STAT reason: the list's end stays above it.
    <Container
      component="main"
      maxWidth="sm"
      sx={{ pt: 2, pb: (stat.choice.isUrgent ? 34 : 22) + (mayOrder ? 9 : 0), px: 1.5 }}
    >
      <Typography variant="h5" component="h1">
        {data.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Count what is on the shelf, in units. {data.stock_list.length} items.{' '}
        <a href={`#${EXPIRING_SOON_ID}`}>See what expires soon</a>
      </Typography>
      <Box sx={{ mb: 2 }}>
        <ScanField
          label="Scan a barcode"
          helperText="A scan adds one pack of the item to its count."
          onScan={(scan) => addScan(scan, data.stock_list)}
        />
      </Box>
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Stock list">
        {data.stock_list.map((item, index) => {
          const onHand = unitsOf(typed[item.asin]);
          const willOrder = onHand !== undefined && topUpPacks(item, onHand) > 0;
          return (
            <Paper component="li" key={item.asin} variant="outlined" sx={{ p: 1.5 }} data-asin={item.asin}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <ProductImage src={item.image_url} alt="" height={48} width={48} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  {/* The whole title wraps: its end (the glove size, the gauge) is what the count checks. */}
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="count-item-title">
                    {item.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Par {item.par}
                    {item.reorder_point !== null && ` · reorder at ${item.reorder_point}`}
                    {item.pack_size > 1 && ` · pack of ${item.pack_size}`}
                  </Typography>
                </Box>
              </Stack>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1 }}>
                <TextField
                  label="On hand"
                  value={typed[item.asin] ?? ''}
                  onChange={(event) => setTyped((before) => ({ ...before, [item.asin]: event.target.value }))}
                  onKeyDown={(event) => moveOn(event, index)}
                  inputRef={(element: HTMLInputElement | null) => {
                    inputs.current[index] = element;
                  }}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      pattern: '[0-9]*',
                      enterKeyHint: index === data.stock_list.length - 1 ? 'done' : 'next',
                      'aria-label': `On hand: ${item.title}`,
                      style: { fontSize: 28, padding: '10px 12px' },
                    },
                  }}
                  sx={{ width: 140 }}
                />
                <Typography
                  aria-live="polite"
                  sx={{ fontWeight: willOrder ? 700 : 400 }}
                  color={willOrder ? 'primary' : 'text.secondary'}
                >
                  {orderText(item, onHand)}
                </Typography>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <ExpiringSoon locationId={id} />
      <Paper
        elevation={8}
        square
        sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, p: 1.5, zIndex: (theme) => theme.zIndex.appBar }}
      >
        <Container maxWidth="sm" disableGutters>
          {countAndAdd.error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {countAndAdd.error.message}
            </Alert>
          )}
          {result && (
            <Alert severity="success" sx={{ mb: 1 }} role="status">
              {resultText(result)}{' '}
              {result.order ? (
                <RouterLink to="/orders">See your orders</RouterLink>
              ) : result.mode === 'cart' ? (
                <RouterLink to="/catalog">Open the catalogue</RouterLink>
              ) : null}
            </Alert>
          )}
          <Stack spacing={1}>
            {mayUseCart && (
              <Button
                variant="contained"
                size="large"
                fullWidth
                sx={{ minHeight: 56, fontSize: 18 }}
                disabled={isDone}
                onClick={() => countAndAdd.mutate({ counts, mode: 'cart' })}
              >
                {`Add to cart (${packs} ${packs === 1 ? 'pack' : 'packs'})`}
              </Button>
            )}
            {mayOrder && !result && (
              <StatOrderControl
                value={stat.choice}
                onChange={stat.change}
                error={stat.error}
                disabled={countAndAdd.isPending}
              />
            )}
            {mayOrder && !result && (
              <DeliveryNoteField value={deliveryNote} onChange={setDeliveryNote} disabled={countAndAdd.isPending} />
            )}
            {mayOrder && (
              <Button
                variant={mayUseCart ? 'outlined' : 'contained'}
                size="large"
                fullWidth
                sx={{ minHeight: 56, fontSize: 18 }}
                disabled={isDone}
                onClick={() => {
                  const extras = stat.validate();
                  if (extras) countAndAdd.mutate({ counts, mode: 'order', ...extras, delivery_note: deliveryNote });
                }}
              >
                Submit as order
              </Button>
            )}
            {!mayUseCart && !mayOrder && (
              <Button
                variant="contained"
                size="large"
                fullWidth
                sx={{ minHeight: 56, fontSize: 18 }}
                disabled={isDone}
                onClick={() => countAndAdd.mutate({ counts, mode: 'count-only' })}
              >
                Save count
              </Button>
            )}
          </Stack>
        </Container>
      </Paper>
    </Container>
  );
}
