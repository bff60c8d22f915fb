import { z } from 'zod';

/** `?asins=B0…,B0…` of the marketplace lookups. */
export const asinsQuerySchema = z.object({ asins: z.string().max(2000).optional() });

/** What the business-purchasing and image endpoints answer; a pass is not_configured or success (admin-portal §5). */
export const integrationProbeAnswerSchema = z.strictObject({
  status: z.enum(['not_configured', 'success', 'error']),
  message: z.string().optional(),
  images: z.record(z.string(), z.string()).optional(),
});
export type IntegrationProbeAnswer = z.infer<typeof integrationProbeAnswerSchema>;

const passFailSchema = z.enum(['PASS', 'FAIL']);

/** POST /api/admin/integrations/paapi/test. */
export const paapiTestResultSchema = z.strictObject({
  status: passFailSchema,
  at: z.string(),
  error: z.string().nullable(),
  http_status: z.number().int().nullable(),
});
export type PaapiTestResult = z.infer<typeof paapiTestResultSchema>;

/** GET /api/admin/integrations/status: which credentials are configured (presence only, never values). */
export const integrationStatusSchema = z.strictObject({
  business_api: z.strictObject({
    enabled: z.boolean(),
    presence: z.strictObject({
      client_id: z.boolean(),
      client_secret: z.boolean(),
      refresh_token: z.boolean(),
      marketplace: z.boolean(),
    }),
  }),
  product_advertising_api: z.strictObject({
    checklist: z.strictObject({
      enabled: z.boolean(),
      partner_tag: z.boolean(),
      access_key: z.boolean(),
      secret_key: z.boolean(),
    }),
    status: z.enum(['Configured', 'Disabled']),
    /** The last PA-API test, as POST /api/admin/integrations/paapi/test answered it. */
    last_test: paapiTestResultSchema.nullable(),
  }),
});
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

/** POST /api/admin/integrations/paapi/clear-image-cache. */
export const clearImageCacheAnswerSchema = z.strictObject({ cleared: z.number().int(), message: z.string() });
export type ClearImageCacheAnswer = z.infer<typeof clearImageCacheAnswerSchema>;

/** POST /api/admin/delete-user: removes access and personal data, keeps the record. */
export const deleteUserRequestSchema = z.object({ userId: z.uuid() });
export const deleteUserAnswerSchema = z.strictObject({ success: z.literal(true), userId: z.string() });
