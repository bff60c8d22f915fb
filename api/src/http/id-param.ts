import { z } from 'zod';

import { AppError } from './app-error.js';

const uuidIdParamsSchema = z.object({ id: z.uuid() });

/**
 * The `:id` of a route (a uuid unless the resource numbers its rows another way); anything else is
 * the resource's 404 (an id that cannot exist is answered like one that does not). Schemas are
 * built once: this runs on every such request.
 */
export function parseIdParam(
  params: unknown,
  notFound: { message: string; code: string },
  schema: z.ZodType<{ id: string }> = uuidIdParamsSchema,
): string {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw AppError.notFound(notFound.message, notFound.code);
  return parsed.data.id;
}
