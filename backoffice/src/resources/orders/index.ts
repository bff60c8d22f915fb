import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';

import type { AdminOrder } from '../../providers/records';

/** Orders (admin-portal §2.4), list only: status changes are the commands on each card. */
export const orders = {
  list: lazy(() => import('./OrderList')),
  icon: ReceiptLongIcon,
  recordRepresentation: (order: AdminOrder) => order.order_number,
};
