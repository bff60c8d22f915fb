import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  severity?: AlertColor;
}

type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** How long a toast stays up (provider-portal §9 names the 4000 ms of the original toast library). */
const TOAST_DURATION_MS = 4000;

interface QueuedToast extends ToastMessage {
  id: number;
}

/** Toasts as an MUI Snackbar + Alert, one at a time, in the order they were raised. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [closingId, setClosingId] = useState<number | null>(null);
  const current = queue[0];

  const showToast = useCallback<ShowToast>((toast) => {
    setQueue((previous) => [...previous, { ...toast, id: Date.now() + Math.random() }]);
  }, []);

  const handleClose = (_event: unknown, reason?: string) => {
    if (current && reason !== 'clickaway') setClosingId(current.id);
  };
  // After the exit transition: drop the toast, so the next one (if any) opens.
  const handleExited = () => {
    setQueue((previous) => previous.filter((toast) => toast.id !== closingId));
  };

  return (
    <ToastContext.Provider value={showToast}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={current.id !== closingId}
          autoHideDuration={TOAST_DURATION_MS}
          onClose={handleClose}
          // Bottom left: the cart drawer (right) keeps its Submit Order button uncovered.
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ transition: { onExited: handleExited } }}
        >
          <Alert onClose={handleClose} severity={current.severity ?? 'success'} variant="filled" sx={{ width: '100%' }}>
            <AlertTitle>{current.title}</AlertTitle>
            {current.description}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const showToast = useContext(ToastContext);
  if (!showToast) throw new Error('useToast must be used within a ToastProvider');
  return showToast;
}
