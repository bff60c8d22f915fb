import { z } from 'zod';

import { raListQuerySchema } from '../admin-list.js';
import {
  ssoMetadataImportSchema,
  ssoMetadataSchema,
  ssoProviderCreateSchema,
  ssoProviderIdParamsSchema,
  ssoProviderUpdateSchema,
  ssoProviderViewSchema,
  ssoTestSignInParamsSchema,
  ssoTestSignInResultSchema,
  ssoTestSignInStartSchema,
} from '../admin-sso.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: single sign-on';
const access = { roles: ['admin'] } as const;
const params = ssoProviderIdParamsSchema;

/** The back office's Single sign-on page: SAML identity providers, admins only. */
export const adminSsoEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/sso/providers',
    summary: "List SAML identity providers, each with this portal's SP values to copy",
    description: 'ra-data-simple-rest list. Sort: id, entity_id, is_enabled, created_at. Filter: q.',
    tag,
    access,
    query: raListQuerySchema,
    responses: { 200: z.array(ssoProviderViewSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/sso/providers/:id',
    summary: 'One SAML provider: certificates with subject and expiry, group mapping, SP values',
    tag,
    access,
    params,
    responses: { 200: ssoProviderViewSchema },
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: 'post',
    path: '/api/admin/sso/providers',
    summary: 'Add a SAML provider (one or two IdP signing certificates, PEM)',
    tag,
    access,
    body: ssoProviderCreateSchema,
    responses: { 201: ssoProviderViewSchema },
    errors: [400, 401, 403, 409],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/admin/sso/providers/:id',
    summary: 'Edit a SAML provider; while two certificates are set, responses signed by either are accepted',
    tag,
    access,
    params,
    body: ssoProviderUpdateSchema,
    responses: { 200: ssoProviderViewSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  disable: endpoint({
    method: 'post',
    path: '/api/admin/sso/providers/:id/disable',
    summary: 'Disable a SAML provider: no sign-in through it, its settings kept',
    tag,
    access,
    params,
    responses: { 200: ssoProviderViewSchema },
    errors: [400, 401, 403, 404],
  }),
  enable: endpoint({
    method: 'post',
    path: '/api/admin/sso/providers/:id/enable',
    summary: 'Enable a disabled SAML provider again',
    tag,
    access,
    params,
    responses: { 200: ssoProviderViewSchema },
    errors: [400, 401, 403, 404],
  }),
  delete: endpoint({
    method: 'delete',
    path: '/api/admin/sso/providers/:id',
    summary: 'Delete a SAML provider (accounts that signed in through it stay)',
    tag,
    access,
    params,
    responses: { 200: z.strictObject({ id: z.string() }) },
    errors: [400, 401, 403, 404],
  }),
  importMetadata: endpoint({
    method: 'post',
    path: '/api/admin/sso/metadata-import',
    summary: "Read an IdP's SAML metadata, by URL (fetched by the server) or as uploaded XML text; saves nothing",
    description:
      'Answers the entity id, the single sign-on URL and the signing certificates for the form. 422 ' +
      'SSO_METADATA_INVALID (not metadata, or XML with a DOCTYPE), SSO_METADATA_NO_SIGNING_CERT, SSO_METADATA_UNREACHABLE.',
    tag,
    access,
    body: ssoMetadataImportSchema,
    responses: { 200: ssoMetadataSchema },
    errors: [400, 401, 403, 413, 422],
  }),
  startTestSignIn: endpoint({
    method: 'post',
    path: '/api/admin/sso/providers/:id/test-sign-in',
    summary: 'Start a test sign-in: the browser goes to redirect_url; the answer is shown, no one is signed in',
    description:
      'The AuthnRequest id is kept with the admin and session that asked; a response to it is reported at ' +
      'GET /api/admin/sso/test-sign-ins/:testId and never creates a session or an account. 409 ' +
      'SSO_PROVIDER_NOT_USABLE when the provider is disabled or incomplete.',
    tag,
    access,
    params,
    responses: { 201: ssoTestSignInStartSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  readTestSignIn: endpoint({
    method: 'get',
    path: '/api/admin/sso/test-sign-ins/:testId',
    summary:
      "A test sign-in's report: NameID, attributes and what the group rules would give (the starter's session only)",
    tag,
    access,
    params: ssoTestSignInParamsSchema,
    responses: { 200: ssoTestSignInResultSchema },
    errors: [400, 401, 403, 404],
  }),
};
