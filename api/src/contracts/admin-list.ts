import { z } from 'zod';

/**
 * The documented limits of every admin list (docs/api-limits.md): a page holds at most 200 rows (a
 * larger range answers 400, never a silent cut), and an `id` filter (react-admin's getMany, sent
 * without a range) looks up at most 200 ids and answers every one of them.
 */
export const LIST_MAX_PAGE = 200;
export const LIST_MAX_IDS = 200;

/** The `id` filter of a list: one id or up to LIST_MAX_IDS of them, each checked by the resource's id schema. */
export function idFilter<T extends z.ZodType<string>>(idSchema: T) {
  return z.union([idSchema, z.array(idSchema).max(LIST_MAX_IDS)]).optional();
}

/** `:id` of a resource whose rows are numbered by uuid (the one `:id` rule: http/id-param.ts). */
export const uuidIdParamsSchema = z.object({ id: z.uuid() });

/** The query of an ra-data-simple-rest list, as JSON text in each parameter (http/list-query.ts checks it). */
export const raListQuerySchema = z.object({
  sort: z.string().optional().describe('JSON ["field","ASC"|"DESC"]; the field from the resource allowlist'),
  range: z.string().optional().describe('JSON [start, end], inclusive; at most 200 rows'),
  filter: z.string().optional().describe('JSON object of the resource filter fields'),
});
