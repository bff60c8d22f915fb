import { useEffect, useRef } from 'react';

import { subscribeToServerEvent, type ServerEventType } from '../lib/server-events';

/**
 * Calls `onEvent` after server events of `type` (and, if named, a window event of the browser's
 * own making), at most once per `debounceMs` burst: one reload for a bulk change, not hundreds.
 */
export function useServerEvent(
  type: ServerEventType,
  onEvent: () => void,
  { debounceMs = 0, windowEvent }: { debounceMs?: number; windowEvent?: string } = {},
): void {
  const callbackRef = useRef(onEvent);
  useEffect(() => {
    callbackRef.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    let timer: number | undefined;
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => callbackRef.current(), debounceMs);
    };
    const unsubscribe = subscribeToServerEvent(type, schedule);
    if (windowEvent) window.addEventListener(windowEvent, schedule);
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
      if (windowEvent) window.removeEventListener(windowEvent, schedule);
    };
  }, [type, debounceMs, windowEvent]);
}
