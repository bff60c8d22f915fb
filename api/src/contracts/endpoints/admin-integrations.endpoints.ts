import {
  asinsQuerySchema,
  clearImageCacheAnswerSchema,
  deleteUserAnswerSchema,
  deleteUserRequestSchema,
  integrationProbeAnswerSchema,
  integrationStatusSchema,
  paapiTestResultSchema,
} from '../admin-integrations.js';
import { selfTestRequestSchema, selfTestResultSchema } from '../supplier.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: integrations';
const access = { roles: ['admin'] } as const;

/** The integration and health endpoints of admin-portal §7: not_configured without credentials. */
export const integrationsEndpoints = {
  businessProducts: endpoint({
    method: 'get',
    path: '/api/ab/products',
    summary: 'Business-purchasing product lookup (not_configured without credentials)',
    tag,
    access,
    query: asinsQuerySchema,
    responses: { 200: integrationProbeAnswerSchema },
    errors: [400, 401, 403],
  }),
  businessOrder: endpoint({
    method: 'post',
    path: '/api/ab/order',
    summary: 'Business-purchasing order (orders go through punchout; not_configured without credentials)',
    tag,
    access,
    responses: { 200: integrationProbeAnswerSchema },
    errors: [401, 403],
  }),
  marketplaceImages: endpoint({
    method: 'get',
    path: '/api/amazon/images',
    summary: 'Marketplace image lookup (not_configured without credentials)',
    tag,
    access: 'signed-in',
    query: asinsQuerySchema,
    responses: { 200: integrationProbeAnswerSchema },
    errors: [400, 401],
  }),
  status: endpoint({
    method: 'get',
    path: '/api/admin/integrations/status',
    summary: 'Which integration credentials are configured (presence only, never values)',
    tag,
    access,
    responses: { 200: integrationStatusSchema },
    errors: [401, 403],
  }),
  testPaapi: endpoint({
    method: 'post',
    path: '/api/admin/integrations/paapi/test',
    summary: 'Test the Product Advertising API credentials',
    tag,
    access,
    responses: { 200: paapiTestResultSchema },
    errors: [401, 403],
  }),
  clearImageCache: endpoint({
    method: 'post',
    path: '/api/admin/integrations/paapi/clear-image-cache',
    summary: 'Clear the image cache (there is none: images are the marketplace CDN URLs)',
    tag,
    access,
    responses: { 200: clearImageCacheAnswerSchema },
    errors: [401, 403],
  }),
  selfTest: endpoint({
    method: 'post',
    path: '/api/admin/integrations/self-test',
    summary: 'cXML ProfileRequest to the punchout URL; never orders anything',
    tag,
    access,
    body: selfTestRequestSchema,
    responses: { 200: selfTestResultSchema },
    errors: [400, 401, 403],
  }),
  deleteUser: endpoint({
    method: 'post',
    path: '/api/admin/delete-user',
    summary: "Remove an account's access and personal data, keeping the record",
    tag,
    access,
    body: deleteUserRequestSchema,
    responses: { 200: deleteUserAnswerSchema },
    errors: [400, 401, 403, 404, 409],
  }),
};
