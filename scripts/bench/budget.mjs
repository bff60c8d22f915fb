// Budget benchmark (issue 18 §2): what the budget check adds to order submission. The built server
// in demo mode, signed in as the demo doctor; submissions of 5 lines alternate between the doctor's
// department without a budget and with a stop budget too large to refuse anything (so every
// submission takes the locked check and the insert in one transaction). Prints the added p95 of
// one-at-a-time submissions and the throughput with the check against without it at 20 connections.
// Options: --samples N (sequential submissions per side and round, default 200), --duration S
// (per throughput run, default 8), --rounds N (default 2), --json.
import { randomUUID } from 'node:crypto';

import autocannon from 'autocannon';
import pg from 'pg';

import { signInCookie } from './demo-session.mjs';
import { formatTable, median, numberOption, percentile } from './report.mjs';
import { embeddedDatabaseUrl, withDemoServer } from './server-process.mjs';

const TARGETS = { addedP95Ms: 5, throughputRatio: 0.9 };
const CONNECTIONS = 20;
const LINES_PER_ORDER = 5;
const CATALOGUE_PATH = '/api/products?sort=title&page=1&per_page=48';

function orderBody(asins, seed) {
  const lines = Array.from({ length: LINES_PER_ORDER }, (_, line) => ({
    asin: asins[(seed + line * 7) % asins.length],
    quantity: 1 + ((seed + line) % 4),
  }));
  return JSON.stringify({ lines });
}

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

function throughput(baseUrl, cookie, asins, seconds) {
  let seed = 0;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
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
  const samples = numberOption(args, '--samples', 200);
  const seconds = numberOption(args, '--duration', 8);
  const rounds = numberOption(args, '--rounds', 2);
  return withDemoServer('budget', async ({ baseUrl, dataDir }) => {
    const cookie = await signInCookie(baseUrl, 'doctor@demo.supplyhub.test');
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await db.connect();
    try {
      const {
        rows: [doctor],
      } = await db.query(
        `SELECT p.department_id FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = 'doctor@demo.supplyhub.test'`,
      );
      if (!doctor?.department_id) throw new Error('the demo doctor has no department');
      const catalogue = await (await fetch(`${baseUrl}${CATALOGUE_PATH}`, { headers: { cookie } })).json();
      const asins = catalogue.data.map((product) => product.asin);
      const setBudget = async (isOn) => {
        await db.query('DELETE FROM budgets WHERE department_id = $1', [doctor.department_id]);
        if (isOn) {
          await db.query(
            `INSERT INTO budgets (department_id, period, amount, policy) VALUES ($1, 'month', 9999999999.99, 'stop')`,
            [doctor.department_id],
          );
        }
      };
      const latencies = { off: [], on: [] };
      const rates = { off: [], on: [] };
      let seed = 0;
      for (let round = 0; round < rounds; round += 1) {
        for (const side of ['off', 'on']) {
          await setBudget(side === 'on');
          for (let index = 0; index < 20; index += 1) await submitOnce(baseUrl, cookie, asins, (seed += 1)); // warm-up
          for (let index = 0; index < samples; index += 1)
            latencies[side].push(await submitOnce(baseUrl, cookie, asins, (seed += 1)));
          const result = await throughput(baseUrl, cookie, asins, seconds);
          if (result.non2xx > 0 || result.errors > 0) throw new Error(`${side}: ${result.non2xx} non-2xx answers`);
          rates[side].push(result['2xx'] / result.duration);
        }
      }
      const p95 = { off: percentile(latencies.off, 95), on: percentile(latencies.on, 95) };
      const rate = { off: median(rates.off), on: median(rates.on) };
      const added = p95.on - p95.off;
      const ratio = rate.on / rate.off;
      const rows = [
        { name: 'submission p95 without a budget (ms)', value: p95.off.toFixed(2) },
        { name: 'submission p95 with the budget check (ms)', value: p95.on.toFixed(2) },
        {
          name: 'added by the budget check, p95 (ms)',
          value: added.toFixed(2),
          target: `≤ ${TARGETS.addedP95Ms}`,
          pass: added <= TARGETS.addedP95Ms,
        },
        { name: `submissions/s without a budget (${CONNECTIONS} conn.)`, value: rate.off.toFixed(1) },
        { name: `submissions/s with the budget check (${CONNECTIONS} conn.)`, value: rate.on.toFixed(1) },
        {
          name: 'throughput with the check / without',
          value: ratio.toFixed(3),
          target: `≥ ${TARGETS.throughputRatio}`,
          pass: ratio >= TARGETS.throughputRatio,
        },
      ];
      if (asJson) process.stdout.write(`${JSON.stringify({ rows, samples, seconds, rounds }, null, 2)}\n`);
      else process.stdout.write(`${formatTable(rows)}\n`);
      return rows.every((row) => row.pass !== false) ? 0 : 1;
    } finally {
      await db.end();
    }
  });
}
