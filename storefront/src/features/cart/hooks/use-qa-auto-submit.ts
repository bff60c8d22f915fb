import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { getHealth } from '../api/get-health';

/**
 * decisions.md demo mode: `?qa=1` on /catalog ticks the authorization box and submits the cart,
 * once per page load, and only when the server says it runs in demo mode.
 */
export function useQaAutoSubmit(canSubmit: boolean, start: () => void): void {
  const { pathname, search } = useLocation();
  const isQaRun = pathname === '/catalog' && new URLSearchParams(search).get('qa') === '1';
  const hasStartedRef = useRef(false);

  useEffect(() => {
    if (!isQaRun || !canSubmit || hasStartedRef.current) return;
    hasStartedRef.current = true;
    getHealth().then(
      (health) => {
        if (health.demo_mode) start();
      },
      () => undefined,
    );
  }, [isQaRun, canSubmit, start]);
}
