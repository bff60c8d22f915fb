import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';

import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf } from '../../providers/httpClient';
import type { Invoice } from '../../providers/records';

/**
 * Accept or dispute an exception, with a note (a command: POST /api/admin/invoices/:id/accept|dispute).
 * The server's refusals (separation of duties, already decided) are shown as it words them.
 */
export function InvoiceDecisionButton({ decision }: { decision: 'accept' | 'dispute' }) {
  const invoice = useRecordContext<Invoice>();
  const titleId = useId();
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

  function submit(event: FormEvent) {
    event.preventDefault();
    deciding.mutate();
  }

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
      <Dialog
        open={isOpen}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>
            {translate(`supply_hub.invoices.${decision}_title`, { invoice: invoice.invoice_id })}
          </DialogTitle>
          <DialogContent>
            <TextField
              label={translate('supply_hub.invoices.note')}
              helperText={translate('supply_hub.invoices.note_help')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              multiline
              minRows={3}
              fullWidth
              autoFocus
              required
              margin="dense"
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('supply_hub.common.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              color={decision === 'accept' ? 'primary' : 'error'}
              loading={deciding.isPending}
              disabled={note.trim() === ''}
            >
              {translate(`supply_hub.invoices.${decision}`)}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
