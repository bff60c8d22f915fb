import { useEffect } from 'react';
import { useRefresh } from 'react-admin';

const DEBOUNCE_MS = 500;

/** The catalogue reloads on any change to products, debounced 500 ms (admin-portal §2.7). */
export function useProductChanges(): void {
  const refresh = useRefresh();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    const source = new EventSource('/api/events', { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, DEBOUNCE_MS);
    };
    source.addEventListener('product.changed', onChange);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [refresh]);
}
