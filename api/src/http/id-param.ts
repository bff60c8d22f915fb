import type { z } from 'zod';

import { uuidIdParamsSchema } from '../contracts/admin-list.js';

/**
 * The one `:id` rule of the API: an id that is not of the resource's form is the
 * client's mistake, 400 VALIDATION_FAILED naming `id`; a well-formed id of no row is the
 * resource's 404, answered by its service. A uuid unless the resource numbers its rows another
 * way. Schemas are built once: this runs on every such request.
 *
 * `resource` names the resource's not-found answer for the reader; the service gives it.
 */
export function parseIdParam(
  params: unknown,
  _resource?: { message: string; code: string },
  schema: z.ZodType<{ id: string }> = uuidIdParamsSchema,
): string {
  return schema.parse(params).id;
}
