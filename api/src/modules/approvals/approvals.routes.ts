import { Router } from 'express';
import { z } from 'zod';

import { APPROVAL_INBOX_SORTS } from '../../contracts/approvals.js';
import { APPROVING_ROLES } from '../../contracts/roles.js';
import { raListRoute } from '../../http/list-query.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { getApprovalLevels, listApprovalInbox, saveApprovalLevels } from './approvals.service.js';

/** Approval levels (settings, admins) and the Approvals inbox (admins and finance). */
export function approvalsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/admin/settings/approval-levels', allow.roles('admin'), async (req, res) =>
    res.json(await getApprovalLevels(contextFor(req))),
  );
  router.put('/admin/settings/approval-levels', allow.roles('admin'), async (req, res) =>
    res.json(await saveApprovalLevels(contextFor(req), req.body)),
  );
  router.get(
    '/admin/approvals',
    allow.roles(...APPROVING_ROLES),
    raListRoute(
      'approvals',
      {
        sortFields: APPROVAL_INBOX_SORTS,
        defaultSort: { field: 'created_at', order: 'asc' },
        filter: z.object({}),
        defaultLimit: 50,
      },
      (req, page) => {
        if (!req.auth) throw notSignedInError(req.authRejection);
        return listApprovalInbox(contextFor(req), req.auth.roles, {
          sort: page.sort,
          offset: page.offset,
          limit: page.limit,
        });
      },
    ),
  );
  return router;
}
