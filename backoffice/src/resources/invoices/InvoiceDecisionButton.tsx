import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { NoteDialog } from '../../components/NoteDialog';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf } from '../../providers/httpClient';
import type { Invoice } from '../../providers/records';

/**
 * Accept or dispute an exception, with a note (a command: POST /api/admin/invoices/:id/accept|dispute).
 * The server's refusals (separation of duties, already decided) are shown as it words them.
 */
export function InvoiceDecisionButton({ decision }: { decision: 'accept' | 'dispute' }) {
  const invoice = useRecordContext<Invoice>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [isOpen, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const deciding = useMutation({
    mutationFn: () => dataProvider.decideInvoice(invoice!.id, decision, note),
    onSuccess: () => {
      setOpen(false);
      setNote('');
      notify(`supply_hub.invoices.${decision === 'accept' ? 'accepted' : 'disputed'}`, {
        type: 'success',
        messageArgs: { invoice: invoice!.invoice_id },
      });
      refresh();
    },
    onError: (error) => {
      notify(
        translate('supply_hub.invoices.decision_failed', { message: errorBodyOf(error)?.message ?? String(error) }),
        { type: 'error' },
      );
    },
  });
  if (!invoice || invoice.status !== 'exception') return null;

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={decision === 'accept' ? 'primary' : 'error'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(`supply_hub.invoices.${decision}`)}
      </Button>
      <NoteDialog
        open={isOpen}
        title={translate(`supply_hub.invoices.${decision}_title`, { invoice: invoice.invoice_id })}
        label={translate('supply_hub.invoices.note')}
        helperText={translate(`supply_hub.invoices.note_help_${decision}`)}
        note={note}
        onNoteChange={setNote}
        isNoteRequired
        maxLength={1000}
        confirmLabel={translate(`supply_hub.invoices.${decision}`)}
        confirmColor={decision === 'accept' ? 'primary' : 'error'}
        isPending={deciding.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => deciding.mutate()}
        stopsClicks
      />
    </>
  );
}
