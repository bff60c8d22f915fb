import { z } from 'zod';

import { roleSchema } from './roles.js';
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

/** The stored shipping address, as the API answers it. */
export const shippingAddressRecordSchema = z
  .strictObject({
    full_name: z.string(),
    street_line1: z.string(),
    street_line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'ShippingAddress' });

/** GET and PUT /api/me/shipping-address; null before the first save. */
export const shippingAddressResponseSchema = z.strictObject({ address: shippingAddressRecordSchema.nullable() });

/** PUT /api/me/default-ship-to. */
export const defaultShipToResponseSchema = z.strictObject({ default_ship_to: z.string().nullable() });
export type DefaultShipTo = z.infer<typeof defaultShipToResponseSchema>;

/** GET /api/me/profile: the Profile screen's read-only data, with the provider card. */
export const ownProfileSchema = z.strictObject({
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  default_ship_to: z.string().nullable(),
  years_experience: z.number().int().nullable(),
  onboarding_completed: z.boolean(),
  onboarding_approved: z.boolean(),
  npi: z.string().nullable(),
  license_number: z.string().nullable(),
  specialty: z.string().nullable(),
  practice_address: z.string().nullable(),
  email: z.string(),
  roles: z.array(roleSchema),
  effective_role: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
