import { useGetList, usePermissions } from 'react-admin';

import type { Permissions } from '../../providers/authProvider';
import type { AdminOrder } from '../../providers/records';

// Often enough that a menu left open shows a new order within moments, cheap enough (one count).
const REFRESH_MS = 10_000;

/** How many orders wait for a level the signed-in user may approve (the Approvals inbox's total), kept fresh. */
export function useApprovalsWaiting(isEnabled: boolean): number | null {
  // Asked only once the session is known: an admin who must first set up two-step sign-in is sent
  // away before any admin call, and every one would be refused until then.
  const { permissions, isPending } = usePermissions<Permissions>();
  const mayAsk = isEnabled && !isPending && permissions !== undefined && !permissions.mustEnrollMfa;
  const { total } = useGetList<AdminOrder>(
    'approvals',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'ASC' } },
    { enabled: mayAsk, refetchInterval: REFRESH_MS, refetchOnWindowFocus: true },
  );
  return mayAsk ? (total ?? null) : null;
}
