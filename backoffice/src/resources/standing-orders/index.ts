import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { lazy } from 'react';

import type { AdminStandingOrder } from '@supply-hub/api/contracts';

/**
 * Standing orders for ward locations: the administrator sets items, a schedule and
 * the ward member the orders are placed as; each date becomes an order delivered to the location.
 */
export const standingOrders = {
  list: lazy(() => import('./StandingOrderList')),
  create: lazy(() => import('./StandingOrderCreate')),
  edit: lazy(() => import('./StandingOrderEdit')),
  icon: EventRepeatIcon,
  recordRepresentation: (order: AdminStandingOrder) => order.name,
};
