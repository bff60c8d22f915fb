import { asinParamsSchema, productListQuerySchema, productListSchema, productSchema } from '../products.js';
import { endpoint } from './endpoint.js';

const tag = 'Catalogue';

export const productsEndpoints = {
  list: endpoint({
    method: 'get',
    path: '/api/products',
    summary: 'The active catalogue, searched, sorted and paged',
    tag,
    access: 'signed-in',
    query: productListQuerySchema,
    responses: { 200: productListSchema },
  }),
  get: endpoint({
    method: 'get',
    path: '/api/products/:asin',
    summary: 'One active product by its ASIN',
    tag,
    access: 'signed-in',
    params: asinParamsSchema,
    responses: { 200: productSchema },
    errors: [404],
  }),
};
