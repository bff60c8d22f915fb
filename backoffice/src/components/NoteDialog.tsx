import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface NoteDialogProps {
  open: boolean;
  title: string;
  /** A sentence above the field, when the decision needs explaining. */
  intro?: ReactNode;
  label: string;
  helperText?: string;
  note: string;
  onNoteChange: (note: string) => void;
  /** A required note keeps the confirm button off until something is typed. */
  isNoteRequired?: boolean;
  maxLength: number;
  confirmLabel: string;
  confirmColor?: 'primary' | 'error';
  isPending: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** In a clickable row (a list's rowClick), clicks inside the dialog must not reach the row. */
  stopsClicks?: boolean;
}

/**
 * The back office's confirm-with-a-note dialog: rejecting an order, deciding an invoice exception,
 * telling the requesters of a recalled lot. A form, so Enter in the field does not submit a multi-
 * line note but the confirm button does.
 */
export function NoteDialog(props: NoteDialogProps) {
  const titleId = useId();
  const translate = useTranslate();
  const isBlank = props.note.trim() === '';
  function submit(event: FormEvent) {
    event.preventDefault();
    if (props.isNoteRequired && isBlank) return;
    props.onConfirm();
  }
  return (
    <Dialog
      open={props.open}
      onClose={props.onCancel}
      onClick={props.stopsClicks ? (event) => event.stopPropagation() : undefined}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          {props.intro && <Typography sx={{ mb: 2 }}>{props.intro}</Typography>}
          <TextField
            label={props.label}
            helperText={props.helperText}
            value={props.note}
            onChange={(event) => props.onNoteChange(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            required={props.isNoteRequired}
            margin="dense"
            slotProps={{ htmlInput: { maxLength: props.maxLength } }}
          />
          {props.error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {props.error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onCancel}>{translate('supply_hub.common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={props.confirmColor ?? 'primary'}
            loading={props.isPending}
            disabled={props.isNoteRequired === true && isBlank}
          >
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
