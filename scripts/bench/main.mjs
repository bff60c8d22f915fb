// Runs one benchmark by name: `npm run bench -- <name> [options]`. Each benchmark is its own file
// exporting `run(args)`, which resolves to the process exit code. Every benchmark takes --smoke (a toy
// size that proves it runs and judges nothing) and --json; `all` runs them in turn into one table.
const BENCHMARKS = {
  all: {
    load: () => import('./all.mjs'),
    summary:
      'every benchmark in turn, then one table of figures against targets (bench-results/latest.md, .json); --smoke for toy sizes',
  },
  startup: {
    load: () => import('./startup.mjs'),
    summary: 'cold and warm start to healthy, idle memory, graceful shutdown (embedded PostgreSQL)',
  },
  approvals: {
    load: () => import('./approvals.mjs'),
    summary:
      'approvals per second and click-to-submitted latency against the sandbox; 100 orders × 10 simultaneous approvals',
  },
  reports: {
    load: () => import('./reports.mjs'),
    summary: '1M orders: report slices API vs SQL, trigger-kept rollups, million-row CSV memory',
  },
  storefront: {
    load: () => import('./storefront.mjs'),
    summary: 'initial JavaScript of /catalog, first product cards, order submissions per second at 50 clients',
  },
  backoffice: {
    load: () => import('./backoffice.mjs'),
    summary: 'initial JavaScript of /admin, Lighthouse desktop performance and accessibility on /admin/orders',
  },
  inbound: {
    load: () => import('./inbound.mjs'),
    summary:
      'inbound cXML confirmations per second and p95 at 10 concurrent senders, against bare inserts of the same rows',
  },
  'inbound-flood': {
    load: () => import('./inbound-flood.mjs'),
    summary:
      'p95 of /api/health/live, /api/products and a supplier confirmation while 50 clients post 1 MB wrong-secret documents',
  },
  api: {
    load: () => import('./api.mjs'),
    summary:
      'catalogue, own orders and order submission with autocannon at 50 connections, against a node:http + pg floor',
  },
  budget: {
    load: () => import('./budget.mjs'),
    summary: 'p95 the budget check adds to order submission, and submission throughput with it against without',
  },
  par: {
    load: () => import('./par.mjs'),
    summary: "a 500-item location's count and top-up (POST /api/locations/:id/counts) p95, target ≤ 50 ms",
  },
  auth: {
    load: () => import('./auth.mjs'),
    summary: 'password sign-in latency at 20 concurrent clients; latency added by the session lookup',
  },
  scale: {
    load: () => import('./scale.mjs'),
    summary:
      '10M orders (--orders N, --smoke): fill time, sizes, plans, p95 of order lists, reports, budget, inbound, recall',
  },
};

const USAGE = `Usage: npm run bench -- <name> [--smoke] [--json]   (benchmarks: ${Object.keys(BENCHMARKS).join(', ')})`;

function printHelp() {
  const lines = [USAGE, ''];
  for (const [name, { summary }] of Object.entries(BENCHMARKS)) lines.push(`  ${name.padEnd(13)} ${summary}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

const [name, ...args] = process.argv.slice(2);

if (name === '--help' || name === '-h' || name === 'help') {
  printHelp();
} else if (name === undefined || !Object.hasOwn(BENCHMARKS, name)) {
  process.stderr.write(`${name === undefined ? 'No benchmark named.' : `Unknown benchmark "${name}".`}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  const { run } = await BENCHMARKS[name].load();
  process.exitCode = await run(args);
}
