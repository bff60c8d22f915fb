import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RECEIPT_CONDITIONS, type FulfilmentLine, type ScanResult } from '@supply-hub/api/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';

import { ScanField } from '../../catalogue/scan/ScanField';
import { useOrderDetail, type OrderScope } from '../api/get-order';
import {
  CONDITION_LABELS,
  draftFor,
  lineOfScan,
  quantityProblem,
  receiptLinesOf,
  scanNoteOf,
  withScan,
  type LineDraft,
  type ReceiptLineInput,
} from '../receipt-form.rules';

interface Props {
  orderId: string;
  orderNumber: string;
  scope: OrderScope;
  toReceive: { line_number: number; quantity: number }[];
  titleOf: (lineNumber: number) => string;
  isSaving: boolean;
  onSubmit: (lines: ReceiptLineInput[]) => void;
  onCancel: () => void;
}

/**
 * "Receive part": per line a quantity, the condition (damaged or short with a note), lot and expiry;
 * a scanned label (GS1 AIs 10 and 17) fills in its line's lot and expiry.
 */
export function ReceiveLinesForm(props: Props) {
  // The order in full is read now, for the lots and expiry dates of its ship notices.
  const { data, error } = useOrderDetail(props.orderId, props.scope, true);
  if (error) return <Alert severity="error">Could not load the order’s lines: {error.message}</Alert>;
  if (!data) return <Typography role="status">Loading the order’s lines</Typography>;
  const initial = Object.fromEntries(
    props.toReceive.map((line) => [
      line.line_number,
      draftFor(data.fulfilment.lines.find((entry) => entry.line_number === line.line_number)?.lots ?? []),
    ]),
  );
  return <LinesForm {...props} initial={initial} orderLines={data.fulfilment.lines} />;
}

function LinesForm({
  orderNumber,
  toReceive,
  titleOf,
  isSaving,
  onSubmit,
  onCancel,
  initial,
  orderLines,
}: Props & { initial: Record<number, LineDraft>; orderLines: readonly FulfilmentLine[] }) {
  const [drafts, setDrafts] = useState(initial);
  const lines = receiptLinesOf(drafts, toReceive);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (lines) onSubmit(lines);
  };
  const applyScan = (scan: ScanResult) => {
    const target = lineOfScan(orderLines, toReceive, scan);
    // An update of the latest drafts: labels scanned one after another all land.
    if (typeof target === 'number') {
      setDrafts((previous) => ({ ...previous, [target]: withScan(previous[target] ?? draftFor([]), scan) }));
    }
    return scanNoteOf(scan, target);
  };
  return (
    <Stack spacing={2} component="form" aria-label={`Receive items of ${orderNumber}`} onSubmit={submit} noValidate>
      <ScanField
        label="Scan a label"
        helperText="A scanned label fills in its item’s lot and expiry."
        onScan={applyScan}
      />
      {toReceive.map((line) => (
        <LineFields
          key={line.line_number}
          title={titleOf(line.line_number)}
          remaining={line.quantity}
          // A line can appear while the form is open (a live update): it starts empty.
          draft={drafts[line.line_number] ?? draftFor([])}
          onChange={(field, value) =>
            setDrafts((previous) => ({
              ...previous,
              [line.line_number]: { ...(previous[line.line_number] ?? draftFor([])), [field]: value },
            }))
          }
        />
      ))}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button type="submit" variant="contained" disabled={lines === null || isSaving}>
          Record receipt
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
}

/** One line's fields: two columns on a phone (the note a whole row), one row from a tablet up. */
function LineFields({
  title,
  remaining,
  draft,
  onChange,
}: {
  title: string;
  remaining: number;
  draft: LineDraft;
  onChange: (field: keyof LineDraft, value: string) => void;
}) {
  const problem = quantityProblem(draft.quantity, remaining);
  const bind = (field: keyof LineDraft, label: string) => ({
    size: 'small' as const,
    label,
    value: draft[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(field, event.target.value),
  });
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
        {title} (up to {remaining})
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '7rem 9rem 1fr 9rem 10rem' } }}>
        <TextField
          type="number"
          {...bind('quantity', 'Quantity')}
          error={problem !== null}
          helperText={problem}
          slotProps={{ htmlInput: { min: 1, max: remaining, inputMode: 'numeric' } }}
        />
        <TextField select {...bind('condition', 'Condition')} slotProps={{ select: { native: true } }}>
          {RECEIPT_CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {CONDITION_LABELS[condition]}
            </option>
          ))}
        </TextField>
        <TextField
          {...bind('note', 'Note')}
          placeholder={draft.condition === 'ok' ? '' : 'What was wrong'}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        />
        <TextField {...bind('lot', 'Lot')} slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField type="date" {...bind('expiry_date', 'Expiry')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
    </Box>
  );
}
