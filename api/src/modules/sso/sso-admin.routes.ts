import { Router } from 'express';

import { SSO_PROVIDER_SORTS, ssoProviderFilterSchema, ssoProviderIdParamsSchema } from '../../contracts/admin-sso.js';
import { parseIdParam } from '../../http/id-param.js';
import { allow } from '../../http/policy.js';
import { mountRaResource } from '../../http/ra-resource.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import {
  createSsoProviderSettings,
  deleteSsoProviderSettings,
  getSsoProviderSettings,
  listSsoProviderSettings,
  setSsoProviderEnabled,
  updateSsoProviderSettings,
} from './sso-admin.service.js';
import { importIdpMetadata } from './sso-metadata.service.js';

const parseProviderId = (params: unknown) => parseIdParam(params, undefined, ssoProviderIdParamsSchema);

/** /api/admin/sso/providers: admins set up SAML identity providers (the back office's Single sign-on page). */
export function ssoAdminRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();

  mountRaResource(router, {
    name: 'sso/providers',
    readRoles: ['admin'],
    writeRoles: ['admin'],
    list: {
      sortFields: SSO_PROVIDER_SORTS,
      defaultSort: { field: 'id', order: 'asc' },
      filter: ssoProviderFilterSchema,
      load: (req, page) => listSsoProviderSettings(contextFor(req), page),
    },
    get: (req, id) => getSsoProviderSettings(contextFor(req), id),
    create: (req, body) => createSsoProviderSettings(contextFor(req), body),
    update: (req, id, body) => updateSsoProviderSettings(contextFor(req), id, body),
    parseId: parseProviderId,
  });
  router.post('/admin/sso/providers/:id/disable', allow.roles('admin'), async (req, res) => {
    res.json(await setSsoProviderEnabled(contextFor(req), parseProviderId(req.params), false));
  });
  router.post('/admin/sso/providers/:id/enable', allow.roles('admin'), async (req, res) => {
    res.json(await setSsoProviderEnabled(contextFor(req), parseProviderId(req.params), true));
  });
  router.delete('/admin/sso/providers/:id', allow.roles('admin'), async (req, res) => {
    res.json(await deleteSsoProviderSettings(contextFor(req), parseProviderId(req.params)));
  });
  // Reads an IdP's metadata (fetched by URL or uploaded) for the form; saves nothing.
  router.post('/admin/sso/metadata-import', allow.roles('admin'), async (req, res) => {
    res.json(await importIdpMetadata(contextFor(req), req.body));
  });

  return router;
}
