import type { AlertColor } from '@mui/material/Alert';
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

export interface ToastMessage {
  title: string;
  description?: string;
  severity?: AlertColor;
}

export type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

// The Snackbar's code (transitions, click-away) is not part of the first load: it is fetched at the
// first click or key press (most toasts answer one), or by preloadToasts, or with the first toast.
const loadToastView = () => import('./ToastView');
const ToastView = lazy(async () => ({ default: (await loadToastView()).ToastView }));

/** For a screen that will show a toast without any user action first (a timeout, an automatic run). */
export function preloadToasts(): void {
  loadToastView().catch(() => undefined);
}

/** How long a toast stays up (provider-portal §9 names the 4000 ms of the original toast library). */
const TOAST_DURATION_MS = 4000;

interface ShownToast extends ToastMessage {
  id: number;
}

/**
 * Toasts as an MUI Snackbar + Alert, one at a time: a new toast replaces the visible one at once
 * (a queue made 'Order Submitted Successfully! ✅' wait behind earlier 'Added to cart' toasts, ~7.5 s).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [closingId, setClosingId] = useState<number | null>(null);

  useEffect(() => {
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener('pointerdown', preloadToasts, options);
    window.addEventListener('keydown', preloadToasts, options);
    return () => {
      window.removeEventListener('pointerdown', preloadToasts, options);
      window.removeEventListener('keydown', preloadToasts, options);
    };
  }, []);

  const showToast = useCallback<ShowToast>((toast) => {
    setCurrent({ ...toast, id: Date.now() + Math.random() });
  }, []);

  const handleClose = (_event: unknown, reason?: string) => {
    if (current && reason !== 'clickaway') setClosingId(current.id);
  };
  // After the exit transition: drop the toast unless a newer one has taken its place meanwhile.
  const handleExited = () => {
    setCurrent((previous) => (previous?.id === closingId ? null : previous));
  };

  return (
    <ToastContext.Provider value={showToast}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ToastView
            key={current.id}
            toast={current}
            open={current.id !== closingId}
            autoHideDuration={TOAST_DURATION_MS}
            onClose={handleClose}
            onExited={handleExited}
          />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const showToast = useContext(ToastContext);
  if (!showToast) throw new Error('useToast must be used within a ToastProvider');
  return showToast;
}
