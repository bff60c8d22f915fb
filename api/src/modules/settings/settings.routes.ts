import { Router } from 'express';

import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { sendTestOrderRequest } from '../supplier/supplier-test-order.service.js';
import {
  getApprovalPolicy,
  getAutomationSettings,
  getCompanySettings,
  getPunchoutSettings,
  saveAutomationSettings,
  saveCompanySettings,
  savePunchoutSettings,
} from './settings.service.js';
import { getSupplierTextSettings, saveSupplierTextSettings } from './supplier-text-settings.service.js';

/** Admin settings (admin-portal §2.6): company, automation, punchout — admin and super_admin. */
export function settingsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/admin/settings/company', allow.roles('admin'), async (req, res) =>
    res.json(await getCompanySettings(contextFor(req))),
  );
  router.put('/admin/settings/company', allow.roles('admin'), async (req, res) =>
    res.json(await saveCompanySettings(contextFor(req), req.body)),
  );
  router.get('/admin/settings/automation', allow.roles('admin'), async (req, res) =>
    res.json(await getAutomationSettings(contextFor(req))),
  );
  router.put('/admin/settings/automation', allow.roles('admin'), async (req, res) =>
    res.json(await saveAutomationSettings(contextFor(req), req.body)),
  );
  router.get('/admin/settings/punchout', allow.roles('admin'), async (req, res) =>
    res.json(await getPunchoutSettings(contextFor(req))),
  );
  router.put('/admin/settings/punchout', allow.roles('admin'), async (req, res) =>
    res.json(await savePunchoutSettings(contextFor(req), req.body)),
  );
  // What the patient-data guard checks in text sent to the supplier, besides its built-in shapes.
  router.get('/admin/settings/supplier-text', allow.roles('admin'), async (req, res) =>
    res.json(await getSupplierTextSettings(contextFor(req))),
  );
  router.put('/admin/settings/supplier-text', allow.roles('admin'), async (req, res) =>
    res.json(await saveSupplierTextSettings(contextFor(req), req.body)),
  );
  // Sends a deploymentMode="test" OrderRequest to the supplier and answers what it said; orders nothing here.
  router.post('/admin/settings/punchout/test-order', allow.roles('admin'), async (req, res) =>
    res.json(await sendTestOrderRequest(contextFor(req))),
  );
  return router;
}

/** The automation policy for everyone's profile card (decisions.md: the card shows the real setting). */
export function approvalPolicyRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/approval-policy', allow.signedIn(), async (req, res) => {
    res.json(await getApprovalPolicy(contextFor(req)));
  });
  return router;
}
