// The soak's figures from its request records, outage windows and data checks, and their printout.
import { formatTable } from '../bench/report.mjs';
import { failureKind, isInWindow, percentile } from './traffic.mjs';

export function summarise({ records, windows, checks, loadMs, counts }) {
  const byOperation = new Map();
  for (const record of records) {
    const entry = byOperation.get(record.op) ?? { count: 0, served: 0, latencies: [] };
    entry.count += 1;
    if (record.status !== undefined && record.status < 500) {
      entry.served += 1;
      entry.latencies.push(record.ms);
    }
    byOperation.set(record.op, entry);
  }
  const errors = new Map();
  const unplanned = [];
  for (const record of records) {
    const kind = failureKind(record) ?? (record.status >= 400 ? `HTTP ${record.status} (answer)` : undefined);
    if (!kind) continue;
    const isFailure = failureKind(record) !== undefined;
    const isPlanned = isFailure && isInWindow(record, windows);
    const entry = errors.get(kind) ?? { planned: 0, unplanned: 0, answers: 0 };
    if (!isFailure) entry.answers += 1;
    else if (isPlanned) entry.planned += 1;
    else {
      entry.unplanned += 1;
      unplanned.push(record);
    }
    errors.set(kind, entry);
  }
  const outside = {
    name: 'no 5xx and no dropped connection outside the planned outages',
    ok: unplanned.length === 0,
    count: unplanned.length,
    violations: unplanned.slice(0, 5).map((record) => ({
      op: record.op,
      instance: record.instance,
      at: new Date(record.sentAt).toISOString(),
      failure: failureKind(record),
    })),
  };
  const recovered = {
    name: 'service recovered after every fault',
    ok: windows.length === 3 && windows.every((window) => window.recoveredAt !== undefined),
    count: windows.filter((window) => window.recoveredAt === undefined).length,
    violations: [],
  };
  return {
    loadMs,
    counts,
    requests: records.length,
    served: records.filter((record) => record.status !== undefined && record.status < 500).length,
    operations: [...byOperation.entries()].map(([op, entry]) => ({
      op,
      count: entry.count,
      served: entry.served,
      p95Ms: percentile(entry.latencies, 95),
    })),
    errors: [...errors.entries()].map(([kind, entry]) => ({ kind, ...entry })),
    windows,
    checks: [outside, recovered, ...checks],
  };
}

const seconds = (ms) => (ms === undefined ? 'not recovered' : `${(ms / 1000).toFixed(1)} s`);

export function printReport(summary, { minutes, settled }) {
  const out = [];
  const rate = summary.served / (summary.loadMs / 1000);
  out.push(
    '',
    `Supply Hub soak — ${minutes} min, 2 instances on one PostgreSQL, 2 PostgreSQL restarts, 1 instance killed`,
    '',
    `Requests: ${summary.requests} sent, ${summary.served} served (below 500), ${rate.toFixed(1)} served/s`,
    `Work done: ${Object.entries(summary.counts)
      .map(([name, value]) => `${name} ${value}`)
      .join(', ')}`,
    `Settling: ${settled.waitedFor} approved order(s) still on their way to the supplier when the traffic stopped, ` +
      `${settled.remaining} after ${seconds(settled.waitedMs)}`,
    '',
    'Per operation',
    formatTable(
      summary.operations
        .sort((a, b) => b.count - a.count)
        .map((entry) => ({
          name: entry.op,
          value: `${entry.served}/${entry.count} served, p95 ${entry.p95Ms.toFixed(0)} ms`,
        })),
    ),
    '',
    'Errors by kind (failures inside / outside the planned outages; 4xx answers are the portal refusing, as designed)',
    formatTable(
      summary.errors.map((entry) => ({
        name: entry.kind,
        value: entry.answers ? `${entry.answers} answers` : `${entry.planned} planned, ${entry.unplanned} unplanned`,
      })),
    ),
    '',
    'Faults (window: fault → first successful request after the restore)',
    formatTable(
      summary.windows.map((window) => ({
        name: window.label,
        value:
          `down ${seconds(window.restoredAt - window.start)}, recovered ${seconds(window.recoveredAt && window.recoveredAt - window.restoredAt)} after the restore` +
          (window.servedAt
            ? `, the other instance served ${seconds(window.servedAt - window.start)} after the kill`
            : ''),
      })),
    ),
    '',
    'Checks',
    formatTable(
      summary.checks.map((check) => ({
        name: check.name,
        value: check.ok ? 'ok' : `${check.count} found`,
        target: 'none',
        pass: check.ok,
      })),
    ),
  );
  for (const check of summary.checks.filter((entry) => !entry.ok && entry.violations.length > 0)) {
    out.push('', `${check.name}:`, ...check.violations.map((violation) => `  ${JSON.stringify(violation)}`));
  }
  process.stdout.write(`${out.join('\n')}\n`);
}
