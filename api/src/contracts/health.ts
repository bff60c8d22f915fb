import { z } from 'zod';

import { mailDeliverySchema } from './mail.js';

export const reportsDatabaseHealthSchema = z.strictObject({
  replica: z.enum(['not_configured', 'streaming', 'lagging', 'unavailable']),
  /** Seconds of the primary's commits the replica may not show yet; null when unknown or not shown. */
  lag_s: z.number().nullable(),
  /** WAL bytes written on the primary and not yet replayed on the replica. */
  lag_bytes: z.number().nullable(),
  /** REPORTS_MAX_LAG_S: beyond it, reports read the primary. */
  max_lag_s: z.number().nullable(),
  last_read_from: z.enum(['primary', 'replica']).nullable(),
  checked_at: z.string().nullable(),
});
export type ReportsDatabaseHealth = z.infer<typeof reportsDatabaseHealthSchema>;

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
  /**
   * Where reports, budget-vs-actual, exports and the recall lookup read: the streaming replica
   * (REPORTS_DATABASE_URL) while `replica` is "streaming", else the primary. A replica that lags or
   * is down does not make the portal degraded: its reads go to the primary. The figures (lag, which
   * database served the last report read, when measured) are for administrators; null for others.
   */
  reports_database: reportsDatabaseHealthSchema,
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
