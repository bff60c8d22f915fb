import { performance } from 'node:perf_hooks';

import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

import { inboundDocumentLabels, type SubmissionOutcomeLabel } from './metric-labels.rules.js';

/**
 * The process's counters and histograms. Prometheus scrapes a process, so what it counts is the
 * process's: one registry per process, which every service reports to with one call and which each
 * portal's GET /metrics reads (scrape.ts adds that portal's database gauges). A registry of its own,
 * not prom-client's global one, so a library that registers there cannot collide with these names.
 */
export const processRegistry = new Registry();

let isCollectingDefaults = false;

/** prom-client's process and Node.js metrics (CPU, memory, event loop lag, GC), started on first use only. */
export function collectProcessMetrics(): void {
  if (isCollectingDefaults) return;
  isCollectingDefaults = true;
  collectDefaultMetrics({ register: processRegistry });
}

/** Up to 30 s: a supplier call may take that long (SUPPLIER_TIMEOUT_MS). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Jobs run from milliseconds (nothing due) to minutes (a catalogue reseed). */
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

const httpRequestDuration = new Histogram({
  name: 'supply_hub_http_request_duration_seconds',
  help: 'HTTP requests by method, route template (or "unmatched") and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [processRegistry],
});

const jobRuns = new Counter({
  name: 'supply_hub_job_runs_total',
  help: 'Scheduled job runs by job and outcome (success, failed, skipped: another instance had it)',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

const jobDuration = new Histogram({
  name: 'supply_hub_job_duration_seconds',
  help: 'Duration of the job runs that ran (success or failed), by job and outcome',
  labelNames: ['job', 'outcome'] as const,
  buckets: JOB_BUCKETS,
  registers: [processRegistry],
});

const supplierSubmissions = new Counter({
  name: 'supply_hub_supplier_submissions_total',
  help: 'OrderRequests sent to the supplier, by outcome (accepted, refused, retryable)',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

const inboundDocuments = new Counter({
  name: 'supply_hub_inbound_documents_total',
  help: 'Documents suppliers sent back, by cXML request type and outcome (accepted, refused, deferred, failed)',
  labelNames: ['type', 'outcome'] as const,
  registers: [processRegistry],
});

const budgetRefusals = new Counter({
  name: 'supply_hub_budget_refusals_total',
  help: 'Orders refused because they would exceed a department budget whose policy is stop',
  registers: [processRegistry],
});

// Every outcome is shown from the start (at 0), so an alert on its rate has a series to read.
for (const outcome of ['accepted', 'refused', 'retryable'] as const) supplierSubmissions.inc({ outcome }, 0);

export function recordHttpRequest(labels: { method: string; route: string; status_code: string }, seconds: number) {
  httpRequestDuration.observe(labels, seconds);
}

/**
 * Runs a job through `run` and counts it by its outcome; a run that could not even be recorded
 * (the database unreachable) counts as failed, and its error goes on to the caller.
 */
export async function measureJobRun<T extends { outcome: 'success' | 'failed' | 'skipped' }>(
  job: string,
  run: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const observe = (outcome: T['outcome']) => {
    jobRuns.inc({ job, outcome });
    if (outcome !== 'skipped') jobDuration.observe({ job, outcome }, (performance.now() - started) / 1000);
  };
  try {
    const result = await run();
    observe(result.outcome);
    return result;
  } catch (error) {
    observe('failed');
    throw error;
  }
}

export function recordSupplierSubmission(outcome: SubmissionOutcomeLabel): void {
  supplierSubmissions.inc({ outcome });
}

/** `documentType` is what the document said it was (any text): labelled as one of the known types or "other". */
export function recordInboundDocument(documentType: string | null, answerCode: number): void {
  inboundDocuments.inc(inboundDocumentLabels(documentType, answerCode));
}

export function recordBudgetRefusal(): void {
  budgetRefusals.inc();
}
