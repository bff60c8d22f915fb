import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'unreachable']),
  version: z.string(),
  uptime_s: z.number(),
  demo_mode: z.boolean(),
  jobs: z.array(
    z.object({
      job_name: z.string(),
      outcome: z.string(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
    }),
  ),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
