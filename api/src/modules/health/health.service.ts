import { MIGRATIONS } from '../../../../migrations/index.js';
import type {
  HealthResponse,
  LivenessResponse,
  ReadinessResponse,
  ReportsDatabaseHealth,
} from '../../contracts/health.js';
import type { ServiceContext } from '../../context.js';
import { getPunchoutSettings } from '../settings/settings.service.js';
import { mailDelivery } from '../mail/mailbox.service.js';
import { selectAppliedMigrationNames, selectLatestJobRuns } from './health.queries.js';

const DATABASE_PROBE_TIMEOUT_MS = 2_000;

export async function checkHealth(
  ctx: ServiceContext,
  meta: { version: string; startedAt: Date; showsSupplierProblems?: boolean; showsDatabaseDetails?: boolean },
): Promise<HealthResponse> {
  const base = {
    version: meta.version,
    uptime_s: Math.round((ctx.now().getTime() - meta.startedAt.getTime()) / 1000),
    demo_mode: ctx.config.isDemoMode,
    mail: mailDelivery(ctx),
    reports_database: await reportsDatabaseHealth(ctx, meta.showsDatabaseDetails ?? false),
  };
  try {
    const jobs = await withTimeout(selectLatestJobRuns(ctx.db), DATABASE_PROBE_TIMEOUT_MS);
    // A failure to read the supplier settings says nothing about the database: reported on its own.
    const supplier = await withTimeout(supplierHealth(ctx), DATABASE_PROBE_TIMEOUT_MS).catch(
      (): HealthResponse['supplier'] => ({ status: 'unknown', problems: [] }),
    );
    return {
      status: 'ok',
      db: 'ok',
      ...base,
      supplier: meta.showsSupplierProblems ? supplier : { ...supplier, problems: [] },
      jobs: jobs.map((run) => ({
        job_name: run.job_name,
        outcome: run.outcome,
        started_at: run.started_at.toISOString(),
        finished_at: run.finished_at?.toISOString() ?? null,
      })),
    };
  } catch {
    return { status: 'degraded', db: 'unreachable', ...base, supplier: { status: 'unknown', problems: [] }, jobs: [] };
  }
}

/** The reports' replica as its reader last measured it (at most one lag check per interval). */
async function reportsDatabaseHealth(ctx: ServiceContext, showsDetails: boolean): Promise<ReportsDatabaseHealth> {
  const status = await ctx.reports?.status();
  if (!status) {
    return {
      replica: 'not_configured',
      lag_s: null,
      lag_bytes: null,
      max_lag_s: null,
      last_read_from: null,
      checked_at: null,
    };
  }
  if (!showsDetails) {
    return {
      replica: status.replica,
      lag_s: null,
      lag_bytes: null,
      max_lag_s: null,
      last_read_from: null,
      checked_at: null,
    };
  }
  return {
    replica: status.replica,
    lag_s: status.lagSeconds === null ? null : Math.round(status.lagSeconds * 10) / 10,
    lag_bytes: status.lagBytes,
    max_lag_s: status.maxLagSeconds,
    last_read_from: status.lastReadFrom,
    checked_at: status.checkedAt?.toISOString() ?? null,
  };
}

/** The supplier settings as health reports them: never "configured" while a problem would stop an order. */
async function supplierHealth(ctx: ServiceContext): Promise<HealthResponse['supplier']> {
  const settings = await getPunchoutSettings(ctx);
  const problems = settings.problems.map((problem) => problem.message);
  if (!settings.punchout_url && !settings.identity && !settings.shared_secret_masked) {
    return { status: 'not_configured', problems };
  }
  return { status: problems.length === 0 ? 'configured' : 'not_working', problems };
}

/** Liveness: the process runs and answers. No database work, so a database outage never restarts it. */
export function checkLiveness(now: Date, meta: { version: string; startedAt: Date }): LivenessResponse {
  return {
    status: 'ok',
    version: meta.version,
    uptime_s: Math.round((now.getTime() - meta.startedAt.getTime()) / 1000),
  };
}

/**
 * Readiness: send traffic here only when the database answers and its schema is this build's
 * (every migration applied) — a replica started before `db:migrate` ran, or one that lost its
 * database, is taken out of the load balancer rather than answering 500s.
 */
export async function checkReadiness(ctx: ServiceContext): Promise<ReadinessResponse> {
  let applied: string[];
  try {
    applied = await withTimeout(selectAppliedMigrationNames(ctx.db), DATABASE_PROBE_TIMEOUT_MS);
  } catch {
    return { status: 'not_ready', db: 'unreachable', migrations: 'unknown', pending_migrations: [] };
  }
  const appliedNames = new Set(applied);
  const pending = MIGRATIONS.map((migration) => migration.name).filter((name) => !appliedNames.has(name));
  return pending.length === 0
    ? { status: 'ready', db: 'ok', migrations: 'applied', pending_migrations: [] }
    : { status: 'not_ready', db: 'ok', migrations: 'pending', pending_migrations: pending };
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

/** The last run of each job that ever ran (the CLI's `jobs list`). */
export function listLatestJobRuns(ctx: Pick<ServiceContext, 'db'>) {
  return selectLatestJobRuns(ctx.db);
}
