import type { HealthResponse } from '../../contracts/health.js';
import type { ServiceContext } from '../../context.js';
import { selectLatestJobRuns } from './health.queries.js';

const DATABASE_PROBE_TIMEOUT_MS = 2_000;

export async function checkHealth(
  ctx: ServiceContext,
  meta: { version: string; startedAt: Date },
): Promise<HealthResponse> {
  const base = {
    version: meta.version,
    uptime_s: Math.round((ctx.now().getTime() - meta.startedAt.getTime()) / 1000),
    demo_mode: ctx.config.isDemoMode,
  };
  try {
    const jobs = await withTimeout(selectLatestJobRuns(ctx.db), DATABASE_PROBE_TIMEOUT_MS);
    return {
      status: 'ok',
      db: 'ok',
      ...base,
      jobs: jobs.map((run) => ({
        job_name: run.job_name,
        outcome: run.outcome,
        started_at: run.started_at.toISOString(),
        finished_at: run.finished_at?.toISOString() ?? null,
      })),
    };
  } catch {
    return { status: 'degraded', db: 'unreachable', ...base, jobs: [] };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
