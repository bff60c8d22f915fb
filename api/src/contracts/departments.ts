import { z } from 'zod';

import { idFilter } from './admin-list.js';

/** The sort fields of GET /api/admin/departments. */
export const DEPARTMENT_SORTS = ['code', 'name', 'active', 'created_at'] as const;

/** The filters of GET /api/admin/departments. */
export const departmentFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  active: z.boolean().optional(),
  id: idFilter(z.uuid()),
});

/** A department code: upper-cased, letters, digits, '-' and '_', at most 20 characters. */
export const departmentCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{0,19}$/, 'must be 1–20 letters, digits, - or _, starting with a letter or digit');

/** The department's budget owners: accounts e-mailed with finance when its budget crosses the alert threshold. */
export const budgetOwnerIdsSchema = z.array(z.uuid()).max(50, 'must list at most 50 budget owners');

/** The site (hospital, clinic) a department belongs to; empty means none. */
export const departmentSiteSchema = z
  .string()
  .trim()
  .max(100, 'must be at most 100 characters')
  .nullable()
  .transform((site) => (site ? site : null));

/** POST /api/admin/departments. */
export const departmentCreateSchema = z.object({
  code: departmentCodeSchema,
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  site: departmentSiteSchema.default(null),
  active: z.boolean().default(true),
  budget_owner_ids: budgetOwnerIdsSchema.default([]),
});

/**
 * PUT /api/admin/departments/:id: the record GET answers, edited (id, counts and dates are ignored);
 * budget_owner_ids, when sent, replaces the owners.
 */
export const departmentUpdateSchema = departmentCreateSchema.extend({
  /** Left out, the site stays as it is. */
  site: departmentSiteSchema.optional(),
  active: z.boolean(),
  budget_owner_ids: budgetOwnerIdsSchema.optional(),
});

/** A department (cost centre) as the back office shows it. */
export const departmentSchema = z.strictObject({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** The hospital or clinic it belongs to, null when the group has one site. */
  site: z.string().nullable(),
  active: z.boolean(),
  /** How many accounts belong to it. */
  user_count: z.number().int(),
  /** Who receives the budget's threshold alert besides finance, by account id. */
  budget_owner_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Department = z.infer<typeof departmentSchema>;

/** PUT /api/admin/users/:id/department and POST /api/admin/users/department (bulk, all or none). */
/**
 * PUT /api/admin/users/:id takes the whole record back (ra-data-simple-rest): only department_id
 * counts, and null is accepted only for an account that has none yet (nothing to change).
 */
export const userDepartmentSchema = z.object({ department_id: z.uuid().nullable() });
export const bulkUserDepartmentSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  department_id: z.uuid(),
});
export const bulkUserDepartmentAnswerSchema = z.strictObject({ updated: z.number().int() });
