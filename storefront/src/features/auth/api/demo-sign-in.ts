import { useEffect, useState } from 'react';

import { apiClient } from '../../../lib/api-client';

export type DemoAccount = 'admin' | 'doctor';

/** GET /api/health: whether this deployment runs in demo mode (decisions.md, Preview and demo). */
async function isDemoMode(): Promise<boolean> {
  const health = await apiClient.get<{ demo_mode?: boolean }>('/api/health');
  return health.demo_mode === true;
}

/** Whether this deployment runs in demo mode: false until the server has said so, and on any failure. */
export function useDemoMode(): boolean {
  const [isDemo, setIsDemo] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    isDemoMode()
      .then((demo) => isCurrent && setIsDemo(demo))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, []);

  return isDemo;
}

/** POST /api/auth/demo: a one-hour session as the demo account of that role (demo mode only). */
export function signInAsDemo(as: DemoAccount): Promise<unknown> {
  return apiClient.post<unknown>('/api/auth/demo', { as });
}
