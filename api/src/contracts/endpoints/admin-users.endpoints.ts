import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import {
  adminUserSchema,
  adminUserUpdateSchema,
  bulkApprovalAnswerSchema,
  userApprovalAnswerSchema,
  userRoleGrantSchema,
  userInvitationSchema,
  userRoleParamsSchema,
} from '../admin-users.js';
import { approvalSchema, bulkApprovalSchema } from '../auth.js';
import { bulkUserDepartmentAnswerSchema, bulkUserDepartmentSchema } from '../departments.js';
import { shippingAddressSchema } from '../me.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: users';
const access = { roles: ['admin'] } as const;

/** /api/admin/users (Users & Roles, admin-portal §2.5), served by the module admin-users alone. */
export const adminUsersEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/users',
    summary: 'List accounts with roles, approval, address and sign-in status',
    description:
      'ra-data-simple-rest list. Sort: email, created_at, last_name, first_name. Filter: q, group (admins|providers), onboarding_approved, department_id, id, sign_in_paused (true: only accounts whose sign-in is paused now; false: the others).',
    tag,
    access,
    query: raListQuerySchema,
    responses: { 200: z.array(adminUserSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  invite: endpoint({
    method: 'post',
    path: '/api/admin/users',
    summary: 'Create an account without a password; it receives an invitation mail with a link to choose one',
    description:
      'The link is valid 7 days (the password-reset link, spent once). 409 USER_EXISTS for an e-mail that has an account; a deactivated department is refused with 422 DEPARTMENT_INACTIVE.',
    tag,
    access,
    body: userInvitationSchema,
    responses: { 201: adminUserSchema },
    errors: [400, 401, 403, 404, 409, 422],
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/users/:id',
    summary: 'One account',
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404],
  }),
  setDepartment: endpoint({
    method: 'put',
    path: '/api/admin/users/:id',
    summary:
      "Set the account's department and per-user limits (ra-data-simple-rest update: only department_id, order_limit and monthly_limit are read)",
    description:
      'A deactivated department is refused with 422 DEPARTMENT_INACTIVE; an unknown one is a 404. The record sent back unchanged is accepted; a null department clears nothing (422 DEPARTMENT_REQUIRED when the account has a department). order_limit and monthly_limit are USD amounts or null for no limit; left out, they stay as they are.',
    tag,
    access,
    params: uuidIdParamsSchema,
    body: adminUserUpdateSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404, 422],
  }),
  setDepartmentMany: endpoint({
    method: 'post',
    path: '/api/admin/users/department',
    summary: 'Put accounts into one department in one transaction (all or none)',
    tag,
    access,
    body: bulkUserDepartmentSchema,
    responses: { 200: bulkUserDepartmentAnswerSchema },
    errors: [400, 401, 403, 404, 422],
  }),
  saveShippingAddress: endpoint({
    method: 'put',
    path: '/api/admin/users/:id/shipping-address',
    summary: "Add or edit an account's shipping address",
    description: 'Takes the address as GET /api/admin/users/:id answers it in `shipping_address`.',
    tag,
    access,
    params: uuidIdParamsSchema,
    body: shippingAddressSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404],
  }),
  grantRole: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/roles',
    summary: 'Grant a role',
    tag,
    access,
    params: uuidIdParamsSchema,
    body: userRoleGrantSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404],
  }),
  revokeRole: endpoint({
    method: 'delete',
    path: '/api/admin/users/:id/roles/:role',
    summary: 'Revoke a role (never your own admin role: 409 CANNOT_REVOKE_OWN_ADMIN)',
    tag,
    access,
    params: userRoleParamsSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  disable: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/disable',
    summary: 'Disable an account (ends its sessions; never yourself or the last admin: 409)',
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  enable: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/enable',
    summary: 'Enable a disabled account',
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404],
  }),
  unlockSignIn: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/unlock-sign-in',
    summary: "Lift the pause on an account's sign-in",
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: adminUserSchema },
    errors: [400, 401, 403, 404],
  }),
  approve: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/approve',
    summary: 'Approve or un-approve one account that completed onboarding',
    tag,
    access,
    params: uuidIdParamsSchema,
    body: approvalSchema,
    responses: { 200: userApprovalAnswerSchema },
    errors: [400, 401, 403, 404],
  }),
  approveMany: endpoint({
    method: 'post',
    path: '/api/admin/users/approve',
    summary: 'Approve or un-approve accounts in one transaction (all or none)',
    tag,
    access,
    body: bulkApprovalSchema,
    responses: { 200: bulkApprovalAnswerSchema },
    errors: [400, 401, 403, 404],
  }),
};
