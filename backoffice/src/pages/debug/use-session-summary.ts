import type { SessionResponse } from '@supply-hub/api/contracts';
import { useEffect, useState } from 'react';

export type SessionSummary =
  { state: 'loading' } | { state: 'loaded'; summary: Record<string, unknown> } | { state: 'error'; message: string };

function summarize(session: SessionResponse): Record<string, unknown> {
  return {
    user_id: session.user.id,
    email: session.user.email,
    roles: session.roles,
    effective_role: session.effective_role,
    is_admin: session.is_admin,
    auth_method: session.auth_method,
    mfa_enrollment_required: session.mfa_enrollment_required,
    onboarding_completed: session.profile?.onboarding_completed ?? null,
    onboarding_approved: session.profile?.onboarding_approved ?? null,
    expires_at: session.expires_at,
  };
}

/** GET /api/auth/session, reduced to what helps debugging a sign-in (no profile details). */
export function useSessionSummary(): SessionSummary {
  const [summary, setSummary] = useState<SessionSummary>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/auth/session', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The server answered ${response.status}`);
        setSummary({ state: 'loaded', summary: summarize((await response.json()) as SessionResponse) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setSummary({ state: 'error', message: error instanceof Error ? error.message : 'Unknown error' });
      });
    return () => controller.abort();
  }, []);
  return summary;
}
