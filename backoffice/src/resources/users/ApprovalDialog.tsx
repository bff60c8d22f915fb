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
import { errorMessageOf } from '../../providers/httpClient';

export interface ApprovalDialogProps {
  ids: string[];
  isApproving: boolean;
  onClose: () => void;
  onDone?: () => void;
}

/** Approve or un-approve accounts with optional notes: one request, one transaction (all or none). */
export function ApprovalDialog({ ids, isApproving, onClose, onDone }: ApprovalDialogProps) {
  const titleId = useId();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const [notes, setNotes] = useState('');
  const approval = useMutation({
    mutationFn: () => dataProvider.approveUsers(ids, isApproving, notes),
    onSuccess: ({ updated }) => {
      notify(isApproving ? 'supply_hub.users.approved_done' : 'supply_hub.users.unapproved_done', {
        type: 'success',
        messageArgs: { smart_count: updated },
      });
      onClose();
      onDone?.();
      refresh();
    },
    onError: (error) => notify(errorMessageOf(error, translate('supply_hub.common.save_failed')), { type: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    approval.mutate();
  }

  const action = isApproving ? 'supply_hub.users.approve' : 'supply_hub.users.unapprove';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {translate(isApproving ? 'supply_hub.users.approve_title' : 'supply_hub.users.unapprove_title', {
            smart_count: ids.length,
          })}
        </DialogTitle>
        <DialogContent>
          <TextField
            label={translate('supply_hub.users.approval_notes')}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('supply_hub.common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={approval.isPending}>
            {translate(action)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
