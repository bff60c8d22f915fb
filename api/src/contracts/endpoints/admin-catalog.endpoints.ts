import { bootstrapResultSchema } from '../admin-catalog.js';
import { catalogAuditSchema } from '../catalog.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: catalogue';
const access = { roles: ['admin'] } as const;

/** The catalogue audit page (admin-portal §2.9): audit, one-time bootstrap, active export. */
export const adminCatalogEndpoints = {
  audit: endpoint({
    method: 'get',
    path: '/api/admin/catalog/audit',
    summary: 'Compare the catalogue CSV with the active products',
    tag,
    access,
    responses: { 200: catalogAuditSchema },
    errors: [401, 403],
  }),
  bootstrap: endpoint({
    method: 'post',
    path: '/api/admin/catalog/bootstrap',
    summary: "Load the catalogue CSV below 100 active products; otherwise 'skipped'",
    tag,
    access,
    responses: { 200: bootstrapResultSchema },
    errors: [401, 403],
  }),
  export: endpoint({
    method: 'get',
    path: '/api/admin/catalog/export',
    summary: 'The active catalogue as CSV (asin, sku, title, price, amazon_url)',
    tag,
    access,
    responses: { 200: { contentType: 'text/csv', description: 'active-catalog-<date>.csv, spreadsheet-safe' } },
    errors: [401, 403],
  }),
};
