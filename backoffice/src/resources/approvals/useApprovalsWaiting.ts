import { useGetList } from 'react-admin';

import type { AdminOrder } from '../../providers/records';

// Often enough that a menu left open shows a new order within moments, cheap enough (one count).
const REFRESH_MS = 10_000;

/** How many orders wait for a level the signed-in user may approve (the Approvals inbox's total), kept fresh. */
export function useApprovalsWaiting(isEnabled: boolean): number | null {
  const { total } = useGetList<AdminOrder>(
    'approvals',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'ASC' } },
    { enabled: isEnabled, refetchInterval: REFRESH_MS, refetchOnWindowFocus: true },
  );
  return isEnabled ? (total ?? null) : null;
}
