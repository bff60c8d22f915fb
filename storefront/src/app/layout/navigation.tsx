import Inventory2 from '@mui/icons-material/Inventory2';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Settings from '@mui/icons-material/Settings';
import type { Role } from '@supply-hub/api/contracts';
import type { ReactNode } from 'react';

import { pageRoles } from '../page-access.rules';

export interface NavigationItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Shown only to these roles: the same list the route guard checks. */
  roles?: readonly Role[];
}

/**
 * provider-portal §2 Shell: Catalog, Orders, Settings (admin navigation lives in the back office);
 * Receiving for logistics administrators and admins.
 */
export const NAVIGATION_ITEMS: readonly NavigationItem[] = [
  { label: 'Catalog', to: '/catalog', icon: <Inventory2 /> },
  { label: 'Orders', to: '/orders', icon: <ReceiptLong />, roles: pageRoles('orders') },
  { label: 'Standing orders', to: '/standing-orders', icon: <ReceiptLong />, roles: pageRoles('standingOrders') },
  { label: 'Receiving', to: '/receiving', icon: <Inventory2 />, roles: pageRoles('receiving') },
  { label: 'Settings', to: '/settings', icon: <Settings /> },
];
