import { z } from 'zod';

/** The failures the sandbox supplier plays on demand (modules/sandbox-supplier/sandbox-supplier.rules.ts). */
export const SANDBOX_FAILURES = ['http500', 'cxml400', 'slow', 'drop', 'malformed', 'html'] as const;
export type SandboxFailure = (typeof SANDBOX_FAILURES)[number];

/** POST /sandbox/supplier/control: arms (or, with null, disarms) the next order's failure. */
export const sandboxControlSchema = z.object({ failNext: z.enum(SANDBOX_FAILURES).nullable() }).strict();
export const sandboxControlResponseSchema = z.strictObject({ failNext: z.enum(SANDBOX_FAILURES).nullable() });

export const sandboxOrderListQuerySchema = z.object({
  order_id: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** GET /sandbox/supplier/orders: what the sandbox received, newest first. */
export const sandboxOrderListSchema = z.array(
  z.strictObject({
    payload_id: z.string(),
    order_id: z.string(),
    supplier_order_id: z.string(),
    response_status: z.number().int(),
    deployment_mode: z.enum(['test', 'production']),
    created_at: z.iso.datetime(),
  }),
);
