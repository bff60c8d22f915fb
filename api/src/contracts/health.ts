import { z } from 'zod';

import { mailDeliverySchema } from './mail.js';

export const healthResponseSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'unreachable']),
  version: z.string(),
  uptime_s: z.number(),
  demo_mode: z.boolean(),
  /** Whether sign-up and password-reset mails reach people (SMTP, the demo mailbox) or not. */
  mail: mailDeliverySchema,
  /**
   * Whether an approved order could be sent to the supplier with the saved settings: "configured"
   * only when nothing stops it; otherwise each problem says what is wrong and which setting to change.
   */
  supplier: z.strictObject({
    status: z.enum(['configured', 'not_configured', 'not_working', 'unknown']),
    problems: z.array(z.string()),
  }),
  jobs: z.array(
    z.strictObject({
      job_name: z.string(),
      outcome: z.string(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/health/live: the process answers; it never touches the database. */
export const livenessResponseSchema = z.strictObject({
  status: z.literal('ok'),
  version: z.string(),
  uptime_s: z.number(),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/** GET /api/health/ready: 200 only when the database answers and every migration is applied. */
export const readinessResponseSchema = z.strictObject({
  status: z.enum(['ready', 'not_ready']),
  db: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  pending_migrations: z.array(z.string()),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
