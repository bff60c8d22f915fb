import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface ClearCartDialogProps {
  open: boolean;
  itemCount: number;
  onCancel(): void;
  onConfirm(): void;
  /** After the closing transition: where focus goes (the Clear button may be gone by then). */
  onClosed(): void;
}

/** 'Clear' asks first: a cart of many lines is gone with one click otherwise, and there is no undo. */
export function ClearCartDialog({ open, itemCount, onCancel, onConfirm, onClosed }: ClearCartDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      disableRestoreFocus
      slotProps={{ transition: { onExited: onClosed } }}
    >
      <DialogTitle id={titleId}>Empty your cart?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          This removes all {itemCount} {itemCount === 1 ? 'item' : 'items'} from your cart. It cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Keep items
        </Button>
        <Button color="error" onClick={onConfirm}>
          Clear cart
        </Button>
      </DialogActions>
    </Dialog>
  );
}
