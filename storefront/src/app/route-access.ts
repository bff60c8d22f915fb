import type { Role } from '@supply-hub/api/contracts';

/** provider-portal §2: who may open /orders; other roles go to /catalog (admins to the back office). */
export const ORDERS_ROLES: readonly Role[] = ['provider', 'doctor', 'user', 'logistics_admin', 'admin', 'super_admin'];
