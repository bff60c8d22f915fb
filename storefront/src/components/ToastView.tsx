import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';

import type { ToastMessage } from './ToastProvider';

interface ToastViewProps {
  toast: ToastMessage;
  open: boolean;
  autoHideDuration: number;
  onClose(event: unknown, reason?: string): void;
  onExited(): void;
}

/** One toast as an MUI Snackbar + Alert; its own chunk, loaded with the first toast. */
export function ToastView({ toast, open, autoHideDuration, onClose, onExited }: ToastViewProps) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={autoHideDuration}
      onClose={onClose}
      // Bottom left: the cart drawer (right) keeps its Submit Order button uncovered. On a phone the
      // drawer takes the whole width, so the toast sits just below the header instead: it then
      // covers neither Submit Order (bottom) nor the header's cart and menu buttons.
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      sx={{ '@media (max-width: 599.95px)': { top: 64, bottom: 'auto' } }}
      slotProps={{ transition: { onExited } }}
    >
      <Alert onClose={onClose} severity={toast.severity ?? 'success'} variant="filled" sx={{ width: '100%' }}>
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
