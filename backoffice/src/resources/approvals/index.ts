import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazy } from 'react';

import type { AdminOrder } from '../../providers/records';

/** The Approvals inbox: orders waiting for a level the user may approve; admins and finance. */
export const approvals = {
  list: lazy(() => import('./ApprovalInbox')),
  icon: FactCheckIcon,
  recordRepresentation: (order: AdminOrder) => order.order_number,
};
