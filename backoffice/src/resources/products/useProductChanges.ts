import { useEffect } from 'react';
import { useRefresh } from 'react-admin';

import { listenToServerEvent } from '../../providers/serverEvents';

const DEBOUNCE_MS = 500;

/** The catalogue reloads on any change to products, debounced 500 ms (admin-portal §2.7). */
export function useProductChanges(): void {
  const refresh = useRefresh();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopListening = listenToServerEvent('product.changed', () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      stopListening();
    };
  }, [refresh]);
}
