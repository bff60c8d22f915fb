import { Router } from 'express';

import {
  ADMIN_USER_SORTS,
  adminUserFilterSchema,
  userRoleGrantSchema,
  userRoleParamsSchema,
} from '../../contracts/admin-users.js';
import { approvalSchema, bulkApprovalSchema } from '../../contracts/auth.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow } from '../../http/policy.js';
import { mountRaResource } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { createThrottles } from '../throttles/throttles.js';
import {
  changeUserRole,
  getAdminUser,
  inviteAdminUser,
  saveUserShippingAddress,
  setUserApproval,
  listAdminUsers,
  setUserDisabled,
  setUserDepartment,
  setUsersDepartment,
  unlockSignIn,
} from './admin-users.service.js';

const NOT_FOUND = { message: 'User not found', code: 'USER_NOT_FOUND' };

function parseId(params: unknown): string {
  return parseIdParam(params, NOT_FOUND);
}

/** Users & Roles (admin-portal §2.5): accounts with roles, approval and address status; the one /api/admin/users router. */
export function adminUsersRoutes({ contextFor, db, config }: RouteDependencies): Router {
  const throttles = createThrottles(db, config);
  const router = Router();

  mountRaResource(router, {
    name: 'users',
    readRoles: ['admin'],
    writeRoles: ['admin'],
    list: {
      sortFields: ADMIN_USER_SORTS,
      defaultSort: { field: 'email', order: 'asc' },
      filter: adminUserFilterSchema,
      load: (req, page) => listAdminUsers(contextFor(req), page),
    },
    get: (req, id) => getAdminUser(contextFor(req), id),
    /** One account with an invitation mail instead of a password. */
    create: (req, body) => inviteAdminUser(contextFor(req), body),
    /** Of the record, only `department_id` is editable through the generic update. */
    update: (req, id, body) => setUserDepartment(contextFor(req), id, body),
    parseId,
  });

  /** Bulk department: one request, one transaction, all or none. */
  router.post('/admin/users/department', allow.roles('admin'), async (req, res) => {
    res.json(await setUsersDepartment(contextFor(req), req.body));
  });

  router.put('/admin/users/:id/shipping-address', allow.roles('admin'), async (req, res) => {
    res.json(await saveUserShippingAddress(contextFor(req), parseId(req.params), req.body));
  });

  router.post('/admin/users/:id/roles', allow.roles('admin'), async (req, res) => {
    res.json(
      await changeUserRole(contextFor(req), parseId(req.params), userRoleGrantSchema.parse(req.body).role, 'grant'),
    );
  });

  router.delete('/admin/users/:id/roles/:role', allow.roles('admin'), async (req, res) => {
    const { id, role } = userRoleParamsSchema.parse(req.params);
    res.json(await changeUserRole(contextFor(req), id, role, 'revoke'));
  });

  router.post('/admin/users/:id/disable', allow.roles('admin'), async (req, res) => {
    res.json(await setUserDisabled(contextFor(req), parseId(req.params), true));
  });

  /** Lifts a sign-in pause (docs/security-sign-in.md); the list shows `sign_in_paused_until`. */
  router.post('/admin/users/:id/unlock-sign-in', allow.roles('admin'), async (req, res) => {
    res.json(await unlockSignIn(contextFor(req), throttles, parseId(req.params)));
  });

  router.post('/admin/users/:id/enable', allow.roles('admin'), async (req, res) => {
    res.json(await setUserDisabled(contextFor(req), parseId(req.params), false));
  });

  /** Onboarding approval of one account (the profile's waiting screen hears it live). */
  router.post('/admin/users/:id/approve', allow.roles('admin'), async (req, res) => {
    const id = parseId(req.params);
    const input = approvalSchema.parse(req.body);
    await setUserApproval(contextFor(req), { ids: [id], approved: input.approved, notes: input.approval_notes });
    res.json({ id, onboarding_approved: input.approved });
  });

  /** Bulk approval: one request, one transaction, all or none. */
  router.post('/admin/users/approve', allow.roles('admin'), async (req, res) => {
    const input = bulkApprovalSchema.parse(req.body);
    res.json(
      await setUserApproval(contextFor(req), { ids: input.ids, approved: input.approved, notes: input.approval_notes }),
    );
  });

  return router;
}
