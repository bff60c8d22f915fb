import { z } from 'zod';

import { catalogAuditSchema } from './catalog.js';

/** POST /api/admin/catalog/bootstrap: runs below 100 active products, otherwise 'skipped'. */
export const bootstrapResultSchema = z.strictObject({
  status: z.enum(['success', 'skipped']),
  message: z.string(),
  upserted_count: z.number().int(),
  audit: catalogAuditSchema,
});
export type BootstrapResult = z.infer<typeof bootstrapResultSchema>;
