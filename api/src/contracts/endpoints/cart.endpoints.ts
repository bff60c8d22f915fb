import { uuidIdParamsSchema } from '../admin-list.js';
import { cartAddSchema, cartReplaceSchema, cartSchema } from '../cart.js';
import { endpoint } from './endpoint.js';

const tag = 'Cart';

export const cartEndpoints = {
  get: endpoint({
    method: 'get',
    path: '/api/cart',
    summary: "The caller's own cart, kept on the server",
    tag,
    access: 'signed-in',
    responses: { 200: cartSchema },
  }),
  replace: endpoint({
    method: 'put',
    path: '/api/cart',
    summary: 'Replace the cart (a quantity of 0 or less removes the line)',
    tag,
    access: 'signed-in',
    body: cartReplaceSchema,
    responses: { 200: cartSchema },
  }),
  addItem: endpoint({
    method: 'post',
    path: '/api/cart/items',
    summary: 'Add a quantity of a product to the cart',
    tag,
    access: 'signed-in',
    body: cartAddSchema,
    responses: { 200: cartSchema },
  }),
  removeSupplierItem: endpoint({
    method: 'delete',
    path: '/api/cart/supplier-items/:id',
    summary: "Remove a line the supplier's PunchOut shop put in the cart",
    tag,
    access: 'signed-in',
    params: uuidIdParamsSchema,
    responses: { 200: cartSchema },
    errors: [400, 401, 404],
  }),
};
