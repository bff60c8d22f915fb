import { z } from 'zod';

import { adminOrderSchema } from './order-submission.js';

/** Where a supplier submission stopped (admin-portal §3, Submission result). */
export const submissionStageSchema = z.enum(['config', 'address', 'send', 'response', 'done']);
export type SubmissionStage = z.infer<typeof submissionStageSchema>;

/** The submission result of admin-portal §3, answered by approve and retry. */
export const submissionResultSchema = z
  .strictObject({
    ok: z.boolean(),
    httpStatus: z.number().int().nullable(),
    stage: submissionStageSchema,
    error: z.string().nullable(),
    target: z.string().nullable(),
    bodyPreview: z.string().nullable(),
    addressSummary: z
      .strictObject({ name: z.string(), city: z.string(), state: z.string(), postal: z.string() })
      .nullable(),
    /** Not in the spec's list: the supplier's own order id, shown in View Details when known. */
    supplierOrderId: z.string().nullable().optional(),
  })
  .meta({ id: 'SubmissionResult' });
export type SubmissionResult = z.infer<typeof submissionResultSchema>;

export const abLogStatusSchema = z.enum(['success', 'failed', 'queued']);
export const AB_LOG_ACTIONS = { orderSubmission: 'ORDER_SUBMISSION', selfTest: 'SELF_TEST' } as const;

/** One integration log entry (ab_logs, admin-portal §3); request_xml never holds the shared secret. */
export const abLogEntrySchema = z
  .strictObject({
    id: z.string(),
    order_id: z.string().nullable(),
    order_number: z.string().nullable(),
    /** ORDER_SUBMISSION or SELF_TEST. */
    action: z.string(),
    status: abLogStatusSchema,
    http_status: z.number().int().nullable(),
    test_mode: z.boolean(),
    created_at: z.string(),
    error: z.string().nullable(),
    request_xml: z.string().nullable(),
    response_body: z.string().nullable(),
    request_summary: z
      .strictObject({
        latencyMs: z.number().optional(),
        retryable: z.boolean().optional(),
        diagnostics: z.string().optional(),
        mode: z.string().optional(),
        /** A test OrderRequest's own order number (TEST-…): it names no order of ours. */
        order_id: z.string().nullable().optional(),
        attempt: z.number().optional(),
      })
      .nullable(),
    payload_id: z.string().nullable(),
    target_url: z.string().nullable(),
  })
  .meta({ id: 'AbLogEntry' });
export type AbLogEntry = z.infer<typeof abLogEntrySchema>;
export const abLogListSchema = z.strictObject({ data: z.array(abLogEntrySchema) });

/** Body of POST /api/admin/integrations/self-test (admin-portal §7, ab-self-test: test, useTestMode true). */
export const selfTestRequestSchema = z
  .object({ test: z.boolean().default(true), useTestMode: z.boolean().default(true) })
  .strict();
export type SelfTestRequest = z.infer<typeof selfTestRequestSchema>;

/**
 * The self-test result of admin-portal §3. `status` is the cXML Status code of the answer (null
 * when the answer was not cXML); `message` says what happened in a sentence; `diagnostics` are the
 * facts behind it. Nothing in it ever holds the shared secret.
 */
export const selfTestResultSchema = z.strictObject({
  success: z.boolean(),
  httpStatus: z.number().int().nullable(),
  status: z.number().int().nullable(),
  testMode: z.boolean(),
  targetUrl: z.string().nullable(),
  error: z.string().nullable(),
  diagnostics: z.strictObject({
    stage: z.enum(['config', 'send', 'response', 'done']),
    request: z.literal('ProfileRequest'),
    latencyMs: z.number(),
    payloadId: z.string().nullable(),
    cxmlStatusText: z.string().nullable(),
  }),
  message: z.string(),
  responseHeaders: z.record(z.string(), z.string()),
  responsePreview: z.string().nullable(),
});
export type SelfTestResult = z.infer<typeof selfTestResultSchema>;

/** admin-portal §8: shown when the self-test call itself fails without a message of its own. */
export const SELF_TEST_NON_2XX_MESSAGE = 'Edge Function returned a non-2xx status code';

export type SelfTestHint = 'Success' | 'Authentication Issue' | 'Wrong Endpoint' | 'Server Error';

/** admin-portal §8: 200 or 201 Success; 401 or 403 Authentication Issue; 404 Wrong Endpoint; 500 or above Server Error. */
export function selfTestHint(httpStatus: number | null | undefined): SelfTestHint | null {
  if (httpStatus === 200 || httpStatus === 201) return 'Success';
  if (httpStatus === 401 || httpStatus === 403) return 'Authentication Issue';
  if (httpStatus === 404) return 'Wrong Endpoint';
  if (typeof httpStatus === 'number' && httpStatus >= 500) return 'Server Error';
  return null;
}

/**
 * POST /api/admin/orders/:id/approve and /retry: the submission result and the order as it is now.
 * The result is null for an approval at a level before the last (nothing was sent yet).
 */
export const submissionResponseSchema = z.strictObject({
  result: submissionResultSchema.nullable(),
  order: adminOrderSchema,
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;
