import { z } from 'zod';

/** A QA run as the back office's runner reports it (admin-portal §2.12), kept as the last result. */
export const qaRunResultSchema = z.object({
  status: z.enum(['success', 'error']),
  steps: z
    .array(
      z.object({
        name: z.string().max(200),
        status: z.enum(['pending', 'running', 'success', 'error']),
        message: z.string().max(1000).nullish(),
      }),
    )
    .max(20),
  finished_at: z.string().max(40),
});
export type QaRunResult = z.infer<typeof qaRunResultSchema>;

/** GET /api/admin/qa-runner/result: the last run (none yet: null) and whether runs are possible. */
export const qaRunnerStateSchema = z.object({ result: qaRunResultSchema.nullable(), demo_mode: z.boolean() });
export type QaRunnerState = z.infer<typeof qaRunnerStateSchema>;

/** PUT /api/admin/qa-runner/result: the saved run and the numbers of the QA orders it removed. */
export const qaRunSavedSchema = z.object({ result: qaRunResultSchema, removed_orders: z.array(z.string()) });
export type QaRunSaved = z.infer<typeof qaRunSavedSchema>;
