// Sign-in benchmark: the built server (demo data, embedded PostgreSQL) under 20 concurrent
// password sign-ins, and the latency a session lookup adds to an authenticated request.
// Options: --smoke (4 clients, a few samples: proves the bench runs, judges nothing), --json.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { DEMO_PASSWORD } from './demo-session.mjs';
import { assertSmokeFigures, formatTable, percentile } from './report.mjs';
import { SERVER_ENTRY, withDemoServer } from './server-process.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEMO_ACCOUNTS = ['doctor', 'nurse', 'provider', 'user', 'finance', 'logistics', 'admin', 'superadmin'].map(
  (name) => `${name}@demo.supplyhub.test`,
);
const SIZES = {
  full: { concurrency: 20, signInsPerWorker: 10, lookupSamples: 400 },
  smoke: { concurrency: 4, signInsPerWorker: 2, lookupSamples: 20 },
};
const TARGETS = ALL_TARGETS.auth;

async function timed(work) {
  const started = performance.now();
  const response = await work();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, response };
}

async function signIn(baseUrl, email) {
  return timed(() =>
    fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    }),
  );
}

async function measureSignIns(baseUrl, { concurrency, signInsPerWorker }) {
  const samples = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let round = 0; round < signInsPerWorker; round += 1) {
        const result = await signIn(baseUrl, DEMO_ACCOUNTS[(worker + round) % DEMO_ACCOUNTS.length]);
        if (result.status === 200) samples.push(result.ms);
        else errors += 1;
      }
    }),
  );
  return { samples, errors };
}

/** The same cheap request (an unknown API path: a 404 after the session middleware) with and without a session. */
async function measureLookup(baseUrl, { lookupSamples }) {
  const { response } = await signIn(baseUrl, DEMO_ACCOUNTS[0]);
  const cookie = /supply_hub\.sid=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  const run = async (headers) => {
    const samples = [];
    for (let i = 0; i < lookupSamples; i += 1)
      samples.push((await timed(() => fetch(`${baseUrl}/api/bench-probe`, { headers }))).ms);
    return samples;
  };
  await run({}); // warm up
  const anonymous = await run({});
  const authenticated = await run({ Cookie: cookie });
  return { anonymousP50: percentile(anonymous, 50), authenticatedP50: percentile(authenticated, 50) };
}

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const size = SIZES[isSmoke ? 'smoke' : 'full'];
  const { concurrency, signInsPerWorker } = size;
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY))) {
    process.stderr.write(`${SERVER_ENTRY} not found — run \`npm run build\` first.\n`);
    return 1;
  }
  return withDemoServer('auth', async ({ baseUrl }) => {
    await measureSignIns(baseUrl, size); // warm-up round
    const signIns = await measureSignIns(baseUrl, size);
    const lookup = await measureLookup(baseUrl, size);
    const figures = {
      sign_in_count: signIns.samples.length,
      sign_in_errors: signIns.errors,
      sign_in_p50_ms: percentile(signIns.samples, 50),
      sign_in_p95_ms: percentile(signIns.samples, 95),
      sign_ins_per_s: signIns.samples.length / (signIns.samples.reduce((a, b) => a + b, 0) / concurrency / 1000),
      session_lookup_added_p50_ms: lookup.authenticatedP50 - lookup.anonymousP50,
      anonymous_p50_ms: lookup.anonymousP50,
      authenticated_p50_ms: lookup.authenticatedP50,
    };
    const passes = {
      signIn: figures.sign_in_p95_ms <= TARGETS.signInP95Ms && figures.sign_in_errors === 0,
      lookup: figures.session_lookup_added_p50_ms <= TARGETS.lookupAddedP50Ms,
    };
    if (asJson) process.stdout.write(`${JSON.stringify({ ...figures, isSmoke, passes }, null, 2)}\n`);
    else {
      const ms = (value) => `${value.toFixed(1)} ms`;
      process.stdout.write(
        `Supply Hub sign-in benchmark — ${concurrency} concurrent clients × ${signInsPerWorker} sign-ins, argon2id 19 MiB / 2 passes, ${os.cpus().length} CPUs\n\n${formatTable(
          [
            { name: 'Sign-in p50', value: ms(figures.sign_in_p50_ms) },
            {
              name: 'Sign-in p95',
              value: ms(figures.sign_in_p95_ms),
              target: `≤ ${TARGETS.signInP95Ms} ms`,
              pass: passes.signIn,
            },
            { name: 'Sign-ins per second', value: figures.sign_ins_per_s.toFixed(1) },
            { name: 'Sign-in errors', value: String(figures.sign_in_errors) },
            { name: 'Request p50 without session', value: ms(figures.anonymous_p50_ms) },
            { name: 'Request p50 with session', value: ms(figures.authenticated_p50_ms) },
            {
              name: 'Added by session lookup (p50)',
              value: ms(figures.session_lookup_added_p50_ms),
              target: `≤ ${TARGETS.lookupAddedP50Ms} ms`,
              pass: passes.lookup,
            },
          ],
          { isSmoke },
        )}\n`,
      );
    }
    if (isSmoke) {
      assertSmokeFigures('auth', { counts: { 'sign-ins': figures.sign_in_count }, figures });
      return figures.sign_in_errors === 0 ? 0 : 1;
    }
    return passes.signIn && passes.lookup ? 0 : 1;
  });
}
