import { z } from 'zod';

import { idFilter } from './admin-list.js';
import { emailSchema } from './auth.js';
import { userDepartmentSchema } from './departments.js';
import { shippingAddressRecordSchema } from './me.js';
import { moneyAmountSchema, moneyTextSchema } from './money-amount.js';
import { roleSchema } from './roles.js';

/** The sort fields of GET /api/admin/users. */
export const ADMIN_USER_SORTS = ['email', 'created_at', 'last_name', 'first_name'] as const;

/** The filters of GET /api/admin/users (Users & Roles, admin-portal §2.5). */
export const adminUserFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  group: z.enum(['admins', 'providers']).optional(),
  onboarding_approved: z.boolean().optional(),
  id: idFilter(z.uuid()),
  department_id: z.uuid().optional(),
  /** true: only accounts whose sign-in is paused now; false: only the others. */
  sign_in_paused: z.boolean().optional(),
});

/** A saved shipping address as the back office shows it: the one stored-address shape (me.ts). */
export const storedShippingAddressSchema = shippingAddressRecordSchema;

/** A row of GET /api/admin/users: an account with roles, approval, address and sign-in status. */
export const adminUserSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  status: z.string(),
  created_at: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  department: z.string().nullable(),
  /** The account's department; `department` is its name. */
  department_id: z.string().nullable(),
  /** Over it, an order needs one extra approval; null: no per-order limit. USD. */
  order_limit: moneyTextSchema.nullable(),
  /** What the user may commit per calendar month (company time zone); null: none. USD. */
  monthly_limit: moneyTextSchema.nullable(),
  roles: z.array(roleSchema),
  effective_role: z.string(),
  is_admin: z.boolean(),
  onboarding_completed: z.boolean(),
  onboarding_approved: z.boolean(),
  approved_at: z.string().nullable(),
  approval_notes: z.string().nullable(),
  has_shipping_address: z.boolean(),
  shipping_address: storedShippingAddressSchema.nullable(),
  /** Set while the account's sign-in is paused after too many wrong passwords or codes. */
  sign_in_paused_until: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /api/admin/users/:id/roles. */
export const userRoleGrantSchema = z.object({ role: roleSchema });
/** DELETE /api/admin/users/:id/roles/:role (an unknown role is a 400). */
export const userRoleParamsSchema = z.object({ id: z.uuid(), role: z.string() });

/** POST /api/admin/users/:id/approve answers the account's new approval. */
export const userApprovalAnswerSchema = z.strictObject({ id: z.string(), onboarding_approved: z.boolean() });
/** POST /api/admin/users/approve answers how many accounts it changed (all or none). */
export const bulkApprovalAnswerSchema = z.strictObject({ updated: z.number().int() });

/** A per-user limit in USD, or null for none. */
const userLimitSchema = moneyAmountSchema('must be an amount in USD, e.g. "500.00", or empty for no limit')
  .pipe(z.number().min(0, 'must not be negative').max(9_999_999_999.99, 'is too large'))
  .nullable();

/**
 * PUT /api/admin/users/:id takes the whole record back (ra-data-simple-rest): department_id and the
 * two limits count (a limit left out stays as it is); every other field is ignored.
 */
export const adminUserUpdateSchema = userDepartmentSchema.extend({
  order_limit: userLimitSchema.optional(),
  monthly_limit: userLimitSchema.optional(),
});

/**
 * POST /api/admin/users: an account without a password; it receives an invitation mail with a
 * link to choose one (valid 7 days). approved: it may order at once, without the onboarding review.
 */
export const userInvitationSchema = z.object({
  email: emailSchema,
  first_name: z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  last_name: z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
  roles: z.array(roleSchema).min(1, 'needs at least one role'),
  department_id: z.uuid().nullable().default(null),
  approved: z.boolean().default(false),
});
export type UserInvitation = z.infer<typeof userInvitationSchema>;
