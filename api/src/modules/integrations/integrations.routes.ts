import { Router } from 'express';

import {
  asinsQuerySchema,
  deleteUserRequestSchema,
  type ClearImageCacheAnswer,
  type IntegrationProbeAnswer,
} from '../../contracts/admin-integrations.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { deleteUserAccess } from './delete-user.service.js';
import { runIntegrationSelfTest } from './integration-self-test.service.js';
import {
  describeBusinessApi,
  describeProductAdvertisingApi,
  testProductAdvertisingApi,
} from './integrations.service.js';

/** The integration and health endpoints of admin-portal §7, answering not_configured without credentials. */
export function integrationsRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  router.get('/ab/products', allow.roles('admin'), async (req, res) => {
    asinsQuerySchema.parse(req.query);
    const api = describeBusinessApi(contextFor(req));
    // With credentials, the marketplace would be asked here; it cannot be reached from this deployment.
    const answer: IntegrationProbeAnswer = api.enabled
      ? { status: 'error', message: 'The business-purchasing API is not reachable from this deployment' }
      : { status: 'not_configured' };
    res.json(answer);
  });

  router.post('/ab/order', allow.roles('admin'), async (req, res) => {
    const api = describeBusinessApi(contextFor(req));
    const answer: IntegrationProbeAnswer = api.enabled
      ? { status: 'error', message: 'Orders go through the punchout integration' }
      : { status: 'not_configured' };
    res.json(answer);
  });

  router.get('/amazon/images', allow.signedIn(), async (req, res) => {
    asinsQuerySchema.parse(req.query);
    const api = await describeProductAdvertisingApi(contextFor(req));
    const answer: IntegrationProbeAnswer =
      api.status === 'Configured' ? { status: 'success', images: {} } : { status: 'not_configured' };
    res.json(answer);
  });

  router.get('/admin/integrations/status', allow.roles('admin'), async (req, res) => {
    const ctx = contextFor(req);
    res.json({
      business_api: describeBusinessApi(ctx),
      product_advertising_api: await describeProductAdvertisingApi(ctx),
    });
  });

  router.post('/admin/integrations/paapi/test', allow.roles('admin'), async (req, res) => {
    res.json(await testProductAdvertisingApi(contextFor(req)));
  });

  /** The portal keeps no image binaries (marketplace CDN URLs are used directly): nothing to clear. */
  router.post('/admin/integrations/paapi/clear-image-cache', allow.roles('admin'), (_req, res) => {
    const answer: ClearImageCacheAnswer = {
      cleared: 0,
      message: 'No image cache: images are served from the marketplace CDN URLs.',
    };
    res.json(answer);
  });

  /** admin-portal §7 ab-self-test: a cXML ProfileRequest to the punchout URL; never orders anything. */
  router.post('/admin/integrations/self-test', allow.roles('admin'), async (req, res) => {
    res.json(await runIntegrationSelfTest(contextFor(req), req.body));
  });

  router.post('/admin/delete-user', allow.roles('admin'), async (req, res) => {
    // The one id rule: a malformed id is a 400, an unknown one the service's 404.
    const { userId } = deleteUserRequestSchema.parse(req.body);
    res.json(await deleteUserAccess(contextFor(req), userId));
  });

  return router;
}
