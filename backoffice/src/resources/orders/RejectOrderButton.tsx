import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf } from '../../providers/httpClient';
import type { AdminOrder } from '../../providers/records';

/** pending → rejected with an optional reason; the server records 'Rejected by admin' when none is given. */
export function RejectOrderButton({ order }: { order: AdminOrder }) {
  const titleId = useId();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const rejection = useMutation({
    mutationFn: () => dataProvider.rejectOrder(order.id, reason),
    onSuccess: () => {
      setOpen(false);
      setReason('');
      notify('supply_hub.orders.rejected', { type: 'success', messageArgs: { number: order.order_number } });
      refresh();
    },
    onError: (error) => {
      const message = errorBodyOf(error)?.message;
      notify(
        message
          ? translate('supply_hub.orders.reject_error', { message })
          : translate('supply_hub.orders.reject_failed'),
        { type: 'error' },
      );
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    rejection.mutate();
  }

  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate('supply_hub.orders.reject')}
      </Button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>
            {translate('supply_hub.orders.reject_title', { number: order.order_number })}
          </DialogTitle>
          <DialogContent>
            <TextField
              label={translate('supply_hub.orders.reject_reason')}
              helperText={translate('supply_hub.orders.reject_reason_help')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={3}
              fullWidth
              autoFocus
              margin="dense"
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('supply_hub.common.cancel')}</Button>
            <Button type="submit" color="error" variant="contained" loading={rejection.isPending}>
              {translate('supply_hub.orders.reject_confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
