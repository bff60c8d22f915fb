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
