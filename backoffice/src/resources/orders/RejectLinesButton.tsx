import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_LINE_REASON, totalOfLinesKept, type SubmissionResult } from '@supply-hub/api/contracts';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

import type { AdminOrder } from '../../providers/records';
import { useSubmitOrder } from './useSubmitOrder';

/** The reason typed for each ticked line, by line id. */
type Picks = Record<string, string>;

/**
 * The approver ticks the lines not to order, gives a reason for each, and approves the
 * rest in the same command (ticking every line rejects the order). The new total shows as they tick.
 */
export function RejectLinesButton({
  order,
  onResult,
}: {
  order: AdminOrder;
  onResult: (result: SubmissionResult) => void;
}) {
  const titleId = useId();
  const translate = useTranslate();
  const [isOpen, setOpen] = useState(false);
  const [picks, setPicks] = useState<Picks>({});
  const [isChecked, setChecked] = useState(false);
  const submission = useSubmitOrder(order, 'approve', { onResult, onMissingShipTo: () => undefined });
  const open = order.lines.filter((line) => line.rejection === null);
  const picked = Object.entries(picks);
  const newTotal = totalOfLinesKept(open, new Set(Object.keys(picks)));
  const hasMissingReason = picked.some(([, reason]) => reason.trim() === '');

  function close() {
    setOpen(false);
    setPicks({});
    setChecked(false);
  }

  function toggle(lineId: string, isPicked: boolean) {
    setPicks((current) => {
      const next = { ...current };
      if (isPicked) next[lineId] = '';
      else delete next[lineId];
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (picked.length === 0 || hasMissingReason) return;
    submission.mutate(
      picked.map(([item_id, reason]) => ({ item_id, reason: reason.trim() })),
      { onSuccess: close },
    );
  }

  if (open.length === 0) return null;
  return (
    <>
      <Button color="warning" variant="outlined" onClick={() => setOpen(true)} disabled={order.ship_to_status === null}>
        {translate('supply_hub.approval.reject_lines')}
      </Button>
      <Dialog open={isOpen} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>
            {translate('supply_hub.approval.reject_lines_title', { number: order.order_number })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{translate('supply_hub.approval.reject_lines_help')}</DialogContentText>
            <Stack spacing={1}>
              {open.map((line) => {
                const isPicked = line.id in picks;
                const reason = picks[line.id] ?? '';
                const isMissing = isChecked && isPicked && reason.trim() === '';
                return (
                  <Stack key={line.id} spacing={0.5}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={isPicked}
                          onChange={(event) => toggle(line.id, event.target.checked)}
                          slotProps={{
                            input: {
                              'aria-label': translate('supply_hub.approval.reject_line_pick', { title: line.title }),
                            },
                          }}
                        />
                      }
                      label={`${line.quantity} × ${line.title} — ${formatUsd(line.total_price)}`}
                    />
                    {isPicked && (
                      <TextField
                        label={translate('supply_hub.approval.reject_line_reason', { title: line.title })}
                        value={reason}
                        onChange={(event) => setPicks((current) => ({ ...current, [line.id]: event.target.value }))}
                        required
                        error={isMissing}
                        helperText={isMissing ? translate('supply_hub.approval.reject_line_reason_required') : ' '}
                        size="small"
                        fullWidth
                        slotProps={{ htmlInput: { maxLength: MAX_LINE_REASON } }}
                      />
                    )}
                  </Stack>
                );
              })}
            </Stack>
            <Typography sx={{ mt: 1, fontWeight: 600 }} role="status">
              {picked.length === open.length
                ? translate('supply_hub.approval.reject_lines_all')
                : translate('supply_hub.approval.new_total', { total: formatUsd(newTotal) })}
            </Typography>
            {isChecked && picked.length === 0 && (
              <Typography color="error" variant="body2">
                {translate('supply_hub.approval.reject_lines_none')}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('supply_hub.common.cancel')}</Button>
            <Button type="submit" color="warning" variant="contained" loading={submission.isPending}>
              {translate('supply_hub.approval.reject_lines_confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
