import { Router } from 'express';
import { z } from 'zod';

import { approvalSchema, bulkApprovalSchema } from '../../contracts/auth.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { allow } from '../../http/policy.js';
import { setApprovalForUsers } from './users.service.js';

const idParamsSchema = z.object({ id: z.uuid() });

export function usersAdminRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.post('/admin/users/:id/approve', allow.roles('admin'), async (req, res) => {
    const { id } = idParamsSchema.parse(req.params);
    const input = approvalSchema.parse(req.body);
    await setApprovalForUsers(contextFor(req), { ids: [id], approved: input.approved, notes: input.approval_notes });
    res.json({ id, onboarding_approved: input.approved });
  });

  router.post('/admin/users/approve', allow.roles('admin'), async (req, res) => {
    const input = bulkApprovalSchema.parse(req.body);
    res.json(
      await setApprovalForUsers(contextFor(req), {
        ids: input.ids,
        approved: input.approved,
        notes: input.approval_notes,
      }),
    );
  });

  return router;
}
