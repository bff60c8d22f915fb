// The roles and their pure rules, without zod: the frontends' first screens import this file alone.
export const ROLES = [
  'admin',
  'super_admin',
  'finance',
  'logistics_admin',
  'provider',
  'nurse',
  'doctor',
  'user',
] as const;

export type Role = (typeof ROLES)[number];

/** The effective role is what the screens act on; 'admin' stands for admin and super_admin alike. */
export type EffectiveRole = Exclude<Role, 'super_admin'>;

/** decisions.md: one predicate decides "is admin" — any admin or super_admin row. */
export function isAdmin(roles: readonly Role[]): boolean {
  return roles.includes('admin') || roles.includes('super_admin');
}

/**
 * provider-portal §4: admin or super_admin gives admin; else logistics_admin; else nurse;
 * else the first role in the list; default user.
 */
export function effectiveRole(roles: readonly Role[]): EffectiveRole {
  if (isAdmin(roles)) return 'admin';
  if (roles.includes('logistics_admin')) return 'logistics_admin';
  if (roles.includes('nurse')) return 'nurse';
  const first = roles[0];
  return first === undefined || first === 'super_admin' ? 'user' : first;
}

/** The effective role in words, where a screen says who is signed in. */
export const ROLE_NAMES: Record<EffectiveRole, string> = {
  admin: 'Administrator',
  finance: 'Finance',
  logistics_admin: 'Logistics admin',
  provider: 'Provider',
  nurse: 'Nurse',
  doctor: 'Doctor',
  user: 'User',
};

/** Roles that may submit orders from the cart (admins may only view it). */
export const ORDERING_ROLES: readonly EffectiveRole[] = ['doctor', 'user', 'provider'];

/**
 * Roles that may place a ward location's orders besides those who order from the cart: a count's
 * top-up, and the member a ward's standing order is placed as (docs/par-levels.md).
 */
export const LOCATION_ORDERING_ROLES: readonly EffectiveRole[] = [...ORDERING_ROLES, 'nurse', 'logistics_admin'];

/**
 * decisions.md: whoever may place orders of any kind follows them — their orders, their standing
 * orders (pausing one set in their name), receiving what arrived — and admins follow everyone's
 * ('admin' stands for admin and super_admin alike). The API's order and standing-order routes let
 * exactly these in, and the storefront opens /orders and /standing-orders to them.
 */
export const ORDER_FOLLOWING_ROLES: readonly Role[] = [...LOCATION_ORDERING_ROLES, 'admin'];

export function canSubmitCart(roles: readonly Role[]): boolean {
  return ORDERING_ROLES.includes(effectiveRole(roles));
}

/** Whether these roles may submit a ward location's order (a count's top-up). */
export function canOrderForLocation(roles: readonly Role[]): boolean {
  return LOCATION_ORDERING_ROLES.includes(effectiveRole(roles));
}

/**
 * Besides the requester, who records what arrived for any sent order of the
 * organisation ('admin' stands for admin and super_admin alike, as in every role list).
 */
export const RECEIVING_ROLES: readonly Role[] = ['logistics_admin', 'admin'];

export function canReceiveAnyOrder(roles: readonly Role[]): boolean {
  return isAdmin(roles) || roles.includes('logistics_admin');
}

/**
 * Who may approve orders at all ('admin' stands for admin and super_admin alike): the approve
 * command and the Approvals inbox let these in, and an approval level may name only them.
 */
export const APPROVING_ROLES: readonly Role[] = ['admin', 'finance'];

export function canApproveOrders(roles: readonly Role[]): boolean {
  if (APPROVING_ROLES.includes('admin') && isAdmin(roles)) return true;
  return roles.some((role) => APPROVING_ROLES.includes(role));
}

/**
 * The roles a group rule of single sign-on may give a new account. Such an account still awaits
 * approval, and role checks do not wait for it, so SSO grants only roles whose routes serve the
 * account's own orders; finance, logistics and administrators are made by hand.
 */
export const SSO_MAPPABLE_ROLES = ['doctor', 'nurse', 'provider', 'user'] as const satisfies readonly Role[];

export const ADMIN_HOME_PATH = '/admin/dashboard';
export const FINANCE_HOME_PATH = '/admin/reports';
export const STOREFRONT_HOME_PATH = '/catalog';

/** decisions.md: finance (without an admin role) sees the back office's reports, nothing else of it. */
export function isFinanceOnly(roles: readonly Role[]): boolean {
  return !isAdmin(roles) && roles.includes('finance');
}

/**
 * Where a role lands after signing in and at '/' (provider-portal §2, decisions.md): admins on the
 * back office's dashboard, finance on its reports, everyone else on the storefront's catalogue.
 * One rule for the server's sign-in answer, the storefront and the back office.
 */
export function homePathFor(roles: readonly Role[]): string {
  if (isAdmin(roles)) return ADMIN_HOME_PATH;
  if (isFinanceOnly(roles)) return FINANCE_HOME_PATH;
  return STOREFRONT_HOME_PATH;
}
