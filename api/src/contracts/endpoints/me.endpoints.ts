import {
  defaultShipToResponseSchema,
  defaultShipToSchema,
  ownProfileSchema,
  shippingAddressResponseSchema,
  shippingAddressSchema,
} from '../me.js';
import { endpoint } from './endpoint.js';

const tag = 'My account';

export const meEndpoints = {
  profile: endpoint({
    method: 'get',
    path: '/api/me/profile',
    summary: "The caller's profile, account status and provider card",
    tag,
    access: 'signed-in',
    responses: { 200: ownProfileSchema },
    errors: [404],
  }),
  shippingAddress: endpoint({
    method: 'get',
    path: '/api/me/shipping-address',
    summary: "The caller's shipping address (null before the first save)",
    tag,
    access: 'signed-in',
    responses: { 200: shippingAddressResponseSchema },
  }),
  saveShippingAddress: endpoint({
    method: 'put',
    path: '/api/me/shipping-address',
    summary: "Save the caller's shipping address",
    tag,
    access: 'signed-in',
    body: shippingAddressSchema,
    responses: { 200: shippingAddressResponseSchema },
  }),
  saveDefaultShipTo: endpoint({
    method: 'put',
    path: '/api/me/default-ship-to',
    summary: "Save the caller's default ship-to text",
    tag,
    access: 'signed-in',
    body: defaultShipToSchema,
    responses: { 200: defaultShipToResponseSchema },
    errors: [404],
  }),
};
