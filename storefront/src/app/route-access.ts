import type { Role } from '@supply-hub/api/contracts';

/** provider-portal §2: who may open /orders; other roles go to /catalog (admins to the back office). */
export const ORDERS_ROLES: readonly Role[] = ['provider', 'doctor', 'user', 'logistics_admin', 'admin', 'super_admin'];

/** Issue 17 §3: who may open /receiving (the deliveries of the whole organisation). */
export { RECEIVING_ROLES } from '@supply-hub/api/contracts/roles.rules';
