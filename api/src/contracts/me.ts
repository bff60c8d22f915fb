import { z } from 'zod';

import { isUsStateCode } from './us-states.js';

/** provider-portal §3/§5: the one shipping address per user; a US address has a US state's code. */
export const shippingAddressSchema = z
  .object({
    full_name: z.string().trim().min(1, 'Full name is required').max(200),
    street_line1: z.string().trim().min(1, 'Street is required').max(200),
    street_line2: z
      .string()
      .trim()
      .max(200)
      .nullish()
      .transform((value) => value || null),
    city: z.string().trim().min(1, 'City is required').max(100),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, 'State is required')
      .regex(/^[A-Z]{2}$/, 'State must be 2 letters'),
    postal_code: z.string().trim().min(1, 'Postal code is required').max(20),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Country must be 2 letters')
      .default('US'),
    phone: z
      .string()
      .trim()
      .max(40)
      .nullish()
      .transform((value) => value || null),
  })
  .refine((address) => address.country !== 'US' || isUsStateCode(address.state), {
    message: 'Choose a US state',
    path: ['state'],
  });
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

export const defaultShipToSchema = z.object({
  default_ship_to: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .transform((value) => value || null),
});
