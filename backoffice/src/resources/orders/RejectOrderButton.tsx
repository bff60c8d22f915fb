import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';

import { NoteDialog } from '../../components/NoteDialog';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf } from '../../providers/httpClient';
import type { AdminOrder } from '../../providers/records';

/** pending → rejected with an optional reason; the server records 'Rejected by admin' when none is given. */
export function RejectOrderButton({ order }: { order: AdminOrder }) {
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

  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate('supply_hub.orders.reject')}
      </Button>
      <NoteDialog
        open={isOpen}
        title={translate('supply_hub.orders.reject_title', { number: order.order_number })}
        label={translate('supply_hub.orders.reject_reason')}
        helperText={translate('supply_hub.orders.reject_reason_help')}
        note={reason}
        onNoteChange={setReason}
        maxLength={1000}
        confirmLabel={translate('supply_hub.orders.reject_confirm')}
        confirmColor="error"
        isPending={rejection.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => rejection.mutate()}
      />
    </>
  );
}
