import { z } from 'zod';

import { AppError } from './app-error.js';

const idParamsSchema = z.object({ id: z.uuid() });

/**
 * The `:id` of a route as a uuid; anything else is the resource's 404 (an id that cannot exist is
 * answered like one that does not). The schema is built once: this runs on every such request.
 */
export function parseIdParam(params: unknown, notFound: { message: string; code: string }): string {
  const parsed = idParamsSchema.safeParse(params);
  if (!parsed.success) throw AppError.notFound(notFound.message, notFound.code);
  return parsed.data.id;
}
