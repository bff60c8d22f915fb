// Budget benchmark: what the budget check adds to order submission. The built server in demo mode,
// signed in as the demo doctor; submissions of 5 lines alternate between the doctor's department
// without a budget and with a stop budget too large to refuse anything (so every submission takes
// the locked check and the insert in one transaction). Prints the added p95 of one-at-a-time
// submissions and the throughput with the check against without it at 20 connections.
// Options: --samples N (sequential submissions per side and round, default 200), --duration S
// (per throughput run, default 8), --rounds N (default 2), --smoke (a toy size: proves the bench
// runs, judges nothing), --json.
import { randomUUID } from 'node:crypto';

import autocannon from 'autocannon';

import { catalogueAsins, orderBody, withDemoDoctor } from './demo-doctor.mjs';
import { assertSmokeFigures, formatTable, median, numberOption, percentile } from './report.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const TARGETS = ALL_TARGETS.budget;
const CONNECTIONS = 20;

async function submitOnce(baseUrl, cookie, asins, seed) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `bench-budget-${randomUUID()}` },
    body: orderBody(asins, seed),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`a submission answered ${response.status}`);
  return performance.now() - started;
}

/** `seconds` of submissions at CONNECTIONS, or exactly `requests` of them (a smoke run: one can outlast a second). */
function throughput(baseUrl, cookie, asins, seconds, requests) {
  let seed = 0;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    ...(requests ? { amount: requests } : { duration: seconds }),
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (req) => {
          seed += 1;
          return {
            ...req,
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `bench-budget-${randomUUID()}` },
            body: orderBody(asins, seed),
          };
        },
      },
    ],
  });
}

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const samples = numberOption(args, '--samples', isSmoke ? 10 : 200);
  const seconds = numberOption(args, '--duration', isSmoke ? 1 : 8);
  const rounds = numberOption(args, '--rounds', isSmoke ? 1 : 2);
  const warmUps = isSmoke ? 3 : 20;
  return withDemoDoctor('budget', async ({ baseUrl, cookie, db, departmentId }) => {
    const asins = await catalogueAsins(baseUrl, cookie);
    const setBudget = async (isOn) => {
      await db.query('DELETE FROM budgets WHERE department_id = $1', [departmentId]);
      if (isOn) {
        await db.query(
          `INSERT INTO budgets (department_id, period, amount, policy) VALUES ($1, 'month', 9999999999.99, 'stop')`,
          [departmentId],
        );
      }
    };
    const latencies = { off: [], on: [] };
    const rates = { off: [], on: [] };
    let seed = 0;
    for (let round = 0; round < rounds; round += 1) {
      for (const side of ['off', 'on']) {
        await setBudget(side === 'on');
        for (let index = 0; index < warmUps; index += 1) await submitOnce(baseUrl, cookie, asins, (seed += 1));
        for (let index = 0; index < samples; index += 1)
          latencies[side].push(await submitOnce(baseUrl, cookie, asins, (seed += 1)));
        const result = await throughput(baseUrl, cookie, asins, seconds, isSmoke ? 40 : undefined);
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${side}: ${result.non2xx} non-2xx answers`);
        rates[side].push(result['2xx'] / result.duration);
      }
    }
    const p95 = { off: percentile(latencies.off, 95), on: percentile(latencies.on, 95) };
    const rate = { off: median(rates.off), on: median(rates.on) };
    const figures = {
      p95_without_ms: p95.off,
      p95_with_ms: p95.on,
      added_p95_ms: p95.on - p95.off,
      per_s_without: rate.off,
      per_s_with: rate.on,
      throughput_ratio: rate.on / rate.off,
    };
    const rows = [
      { name: 'submission p95 without a budget (ms)', value: p95.off.toFixed(2) },
      { name: 'submission p95 with the budget check (ms)', value: p95.on.toFixed(2) },
      {
        name: 'added by the budget check, p95 (ms)',
        value: figures.added_p95_ms.toFixed(2),
        target: `≤ ${TARGETS.addedP95Ms}`,
        pass: figures.added_p95_ms <= TARGETS.addedP95Ms,
      },
      { name: `submissions/s without a budget (${CONNECTIONS} conn.)`, value: rate.off.toFixed(1) },
      { name: `submissions/s with the budget check (${CONNECTIONS} conn.)`, value: rate.on.toFixed(1) },
      {
        name: 'throughput with the check / without',
        value: figures.throughput_ratio.toFixed(3),
        target: `≥ ${TARGETS.throughputRatio}`,
        pass: figures.throughput_ratio >= TARGETS.throughputRatio,
      },
    ];
    if (asJson)
      process.stdout.write(`${JSON.stringify({ figures, rows, samples, seconds, rounds, isSmoke }, null, 2)}\n`);
    else process.stdout.write(`${formatTable(rows, { isSmoke })}\n`);
    if (isSmoke) {
      assertSmokeFigures('budget', {
        counts: {
          'samples without': latencies.off.length,
          'samples with': latencies.on.length,
          'submissions/s without': rate.off,
          'submissions/s with': rate.on,
        },
        figures,
      });
      return 0;
    }
    return rows.every((row) => row.pass !== false) ? 0 : 1;
  });
}
