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

/** A run as the API answers it: exactly what was saved (the body above, unknown fields dropped). */
const savedRunSchema = z.strictObject({
  ...qaRunResultSchema.shape,
  steps: z.array(z.strictObject(qaRunResultSchema.shape.steps.element.shape)).max(20),
});

/** GET /api/admin/qa-runner/result: the last run (none yet: null) and whether runs are possible. */
export const qaRunnerStateSchema = z.strictObject({ result: savedRunSchema.nullable(), demo_mode: z.boolean() });
export type QaRunnerState = z.infer<typeof qaRunnerStateSchema>;

/** PUT /api/admin/qa-runner/result: the saved run and the numbers of the QA orders it removed. */
export const qaRunSavedSchema = z.strictObject({ result: savedRunSchema, removed_orders: z.array(z.string()) });
export type QaRunSaved = z.infer<typeof qaRunSavedSchema>;
