import {
  ORDER_FOLLOWING_ROLES,
  RECEIVING_ROLES,
  ROLES,
  isAdmin,
  type Role,
} from '@supply-hub/api/contracts/roles.rules';

import { PROFILE_ROLES } from '../features/profile/profile-access.rules';

/** An API operation as its declaration in api/src/contracts/endpoints names it: 'GET /api/orders'. */
export type ApiOperation = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

export interface PageAccess {
  /** The route's path as the router mounts it. */
  path: string;
  /** The API operations the page cannot work without. */
  needs: readonly ApiOperation[];
  /**
   * The roles the page opens for: the role list those operations are mounted with (roles.rules.ts),
   * never a list of its own; omitted when every operation takes any signed-in user. The unit test
   * checks it against the declarations' roles.
   */
  roles?: readonly Role[];
  /** Why a page opens for fewer roles than its operations let in: a display rule of the specification. */
  narrowedBy?: string;
}

/**
 * decisions.md: which storefront pages a role opens follows from what the API lets that role do.
 * Every page of the signed-in app, with what it needs of the API; the router's guards and the
 * navigation read this, and the e2e link walk opens each page as each role.
 */
export const STOREFRONT_PAGES = {
  catalog: { path: '/catalog', needs: ['GET /api/products', 'GET /api/cart'] },
  product: { path: '/product/:asin', needs: ['GET /api/products/:asin'] },
  locations: { path: '/locations/*', needs: ['GET /api/locations', 'GET /api/locations/:id'] },
  orders: {
    path: '/orders',
    needs: [
      'GET /api/orders',
      'GET /api/orders/:id',
      'POST /api/orders/:id/receipts',
      'POST /api/orders/:id/receipts/in-full',
    ],
    roles: ORDER_FOLLOWING_ROLES,
  },
  standingOrders: {
    path: '/standing-orders',
    needs: ['GET /api/standing-orders', 'POST /api/standing-orders/:id/pause', 'POST /api/standing-orders/:id/resume'],
    roles: ORDER_FOLLOWING_ROLES,
  },
  receiving: {
    path: '/receiving',
    needs: ['GET /api/receiving/orders', 'GET /api/receiving/orders/:id', 'POST /api/orders/:id/receipts'],
    roles: RECEIVING_ROLES,
  },
  settings: { path: '/settings', needs: ['GET /api/me/profile'] },
  profile: {
    path: '/profile',
    needs: ['GET /api/me/profile'],
    roles: PROFILE_ROLES,
    narrowedBy: 'provider-portal §2/§6: the read-only profile is for admins, providers and nurses (and ?from=okta)',
  },
} as const satisfies Record<string, PageAccess>;

export type StorefrontPage = keyof typeof STOREFRONT_PAGES;

/** The roles a list names, 'admin' standing for admin and super_admin alike (decisions.md). */
export function expandRoles(roles: readonly Role[]): Role[] {
  return ROLES.filter((role) => roles.includes(role) || (role === 'super_admin' && roles.includes('admin')));
}

/** Whether an account with these roles opens the page; its guard sends anyone else away. */
export function mayOpenPage(roles: readonly Role[], page: StorefrontPage): boolean {
  const allowed: readonly Role[] | undefined = (STOREFRONT_PAGES[page] as PageAccess).roles;
  if (!allowed) return true;
  if (allowed.includes('admin') && isAdmin(roles)) return true;
  return roles.some((role) => allowed.includes(role));
}

/** The roles the page's guard lets in (undefined: any signed-in user). */
export function pageRoles(page: StorefrontPage): readonly Role[] | undefined {
  return (STOREFRONT_PAGES[page] as PageAccess).roles;
}
