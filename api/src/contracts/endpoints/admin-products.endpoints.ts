import { z } from 'zod';

import { raListQuerySchema, uuidIdParamsSchema } from '../admin-list.js';
import { adminProductSchema, productCreateSchema, productUpdateSchema } from '../admin-products.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: products';
const access = { roles: ['admin'] } as const;

/** /api/admin/products in ra-data-simple-rest shape; images through their own commands. */
export const adminProductsEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/admin/products',
    summary: 'List products',
    description:
      'ra-data-simple-rest list. Sort: title, price, category, asin, sku, updated_at. Filter: q, category, active, id.',
    tag,
    access,
    query: raListQuerySchema,
    responses: { 200: z.array(adminProductSchema) },
    errors: [400, 401, 403],
    isRaList: true,
  }),
  get: endpoint({
    method: 'get',
    path: '/api/admin/products/:id',
    summary: 'One product',
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: adminProductSchema },
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: 'post',
    path: '/api/admin/products',
    summary: "Add a product by hand (vendor 'manual')",
    description: 'Money as a decimal string ("24.95") or a number; answered as a decimal string.',
    tag,
    access,
    body: productCreateSchema,
    responses: { 201: adminProductSchema },
    errors: [400, 401, 403, 409],
  }),
  update: endpoint({
    method: 'put',
    path: '/api/admin/products/:id',
    summary: 'Edit a product',
    description:
      'Accepts the record GET answers, unchanged: fields that are not editable (asin, amazon_price, in_stock, active, …) are ignored; gtins, when sent, become the product’s list (each GTIN checked, 422 with the field; one GTIN per product, 409). A save that changes nothing writes nothing.',
    tag,
    access,
    params: uuidIdParamsSchema,
    body: productUpdateSchema,
    responses: { 200: adminProductSchema },
    errors: [400, 401, 403, 404, 409],
  }),
  uploadImage: endpoint({
    method: 'post',
    path: '/api/admin/products/:id/image',
    summary: "Upload the product's image (one file in the 'image' field, at most 5 MB; the product needs a SKU)",
    tag,
    access,
    params: uuidIdParamsSchema,
    requestContentType: 'multipart/form-data',
    responses: { 200: adminProductSchema },
    errors: [400, 401, 403, 404, 413],
  }),
  removeImage: endpoint({
    method: 'delete',
    path: '/api/admin/products/:id/image',
    summary: "Remove the product's image",
    tag,
    access,
    params: uuidIdParamsSchema,
    responses: { 200: adminProductSchema },
    errors: [400, 401, 403, 404],
  }),
};
