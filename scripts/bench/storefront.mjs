// Storefront benchmark: the built portal in demo mode. The JavaScript /catalog loads before it is
// usable (gzip sizes of what Chromium fetched), the catalogue's first render time, Lighthouse mobile
// performance and accessibility of /catalog as a doctor, and order submissions per second with
// 5 lines each at 50 concurrent clients. Options: --smoke (25 submissions at 5 clients, one Lighthouse run:
// proves the bench runs, judges nothing), --json.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { signInCookie } from './demo-session.mjs';
import { measureInitialScripts } from './initial-scripts.mjs';
import { formatLighthouseShortfalls, lighthouseRows, runLighthouse } from './lighthouse.mjs';
import { assertSmokeFigures, formatTable } from './report.mjs';
import { SERVER_ENTRY, withDemoServer } from './server-process.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIZES = {
  full: { clients: 50, warmUpSeconds: 3, measuredSeconds: 10 },
  // A fixed number of requests, not a duration: on a saturated machine one request can outlast a second.
  smoke: { clients: 5, warmUpSeconds: 1, measuredSeconds: 2, requests: 25 },
};
const TARGETS = ALL_TARGETS.storefront;
const DOCTOR = 'doctor@demo.supplyhub.test';
/** /catalog as the demo doctor, until the first product cards are shown. */
async function measureCatalogPage(baseUrl) {
  const { scripts, initialJsKb, usableMs } = await measureInitialScripts({
    baseUrl,
    email: DOCTOR,
    pagePath: '/catalog',
    waitUntilUsable: async (page) => {
      await page.getByRole('link').filter({ hasText: /./ }).first().waitFor();
      await page.locator('a[href^="/product/"]').first().waitFor({ timeout: 30_000 });
    },
    fileOf: (script) => path.join(REPO_ROOT, 'storefront', 'dist', script),
  });
  return { scripts, initialJsKb, firstProductsMs: usableMs };
}

/** `clients` connections submitting orders (5 lines, a fresh Idempotency-Key each) for `seconds`. */
function submitOrders(baseUrl, cookie, products, { seconds, clients, requests }) {
  const headers = { cookie, 'content-type': 'application/json' };
  let seed = 0;
  return autocannon({
    url: baseUrl,
    connections: clients,
    ...(requests ? { amount: requests } : { duration: seconds }),
    headers,
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request) => {
          seed += 1;
          const lines = Array.from({ length: 5 }, (_, line) => ({
            asin: products[(seed + line * 7) % products.length].asin,
            quantity: 1 + line,
          }));
          return {
            ...request,
            headers: { ...headers, 'idempotency-key': `bench-${randomUUID()}` },
            body: JSON.stringify({ lines }),
          };
        },
      },
    ],
  });
}

/**
 * Order submissions with autocannon, a load generator light enough to leave the two cores to the
 * server: a warm-up (JIT, connection pools, prepared statements), then the measured run.
 */
async function measureSubmissions(baseUrl, size) {
  const cookie = await signInCookie(baseUrl, DOCTOR);
  const products = (await (await fetch(`${baseUrl}/api/products?per_page=50`, { headers: { Cookie: cookie } })).json())
    .data;
  await submitOrders(baseUrl, cookie, products, { seconds: size.warmUpSeconds, clients: size.clients });
  const result = await submitOrders(baseUrl, cookie, products, {
    seconds: size.measuredSeconds,
    clients: size.clients,
    requests: size.requests,
  });
  const orders = result['2xx'];
  return { orders, errors: result.non2xx + result.errors + result.timeouts, perSecond: orders / result.duration };
}

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  const size = SIZES[isSmoke ? 'smoke' : 'full'];
  if (
    !existsSync(path.join(REPO_ROOT, SERVER_ENTRY)) ||
    !existsSync(path.join(REPO_ROOT, 'storefront', 'dist', 'index.html'))
  ) {
    process.stderr.write('The portal is not built — run `npm run build` first.\n');
    return 1;
  }
  return withDemoServer('storefront', async ({ baseUrl }) => {
    const page = await measureCatalogPage(baseUrl);
    // Before the submissions: the catalogue as a doctor sees it on a fresh demo database.
    const lighthouse = await runLighthouse(`${baseUrl}/catalog`, {
      cookie: await signInCookie(baseUrl, DOCTOR),
      formFactor: 'mobile',
    });
    const submissions = await measureSubmissions(baseUrl, size);
    const passes = {
      js: page.initialJsKb <= TARGETS.initialJsKb,
      lighthousePerformance: lighthouse.performance >= TARGETS.lighthouseMobilePerformance,
      lighthouseAccessibility: lighthouse.accessibility >= TARGETS.lighthouseAccessibility,
      lighthouseTbt: lighthouse.tbtMs <= TARGETS.lighthouseTbtMs,
      lighthouseLcp: lighthouse.lcpMs <= TARGETS.lighthouseLcpMs,
      orders: submissions.perSecond >= TARGETS.ordersPerSecond && submissions.errors === 0,
    };
    const figures = { ...page, ...submissions, lighthouse };
    if (asJson)
      process.stdout.write(`${JSON.stringify({ ...figures, clients: size.clients, isSmoke, passes }, null, 2)}\n`);
    else {
      process.stdout.write(
        `Supply Hub storefront benchmark — built portal, demo data, Debian Chromium, ${os.cpus().length} CPUs\n\n${formatTable(
          [
            {
              name: 'Initial JavaScript of /catalog (gzip)',
              value: `${page.initialJsKb.toFixed(1)} KB in ${page.scripts} files`,
              target: `≤ ${TARGETS.initialJsKb} KB`,
              pass: passes.js,
            },
            { name: 'Navigation to first product cards', value: `${page.firstProductsMs.toFixed(0)} ms` },
            {
              name: `Order submissions (5 lines, ${size.clients} clients)`,
              value: `${submissions.perSecond.toFixed(1)}/s`,
              target: `≥ ${TARGETS.ordersPerSecond}/s`,
              pass: passes.orders,
            },
            { name: 'Submission errors', value: String(submissions.errors) },
            ...lighthouseRows(lighthouse, {
              formFactor: 'mobile',
              page: '/catalog',
              performanceTarget: TARGETS.lighthouseMobilePerformance,
              accessibilityTarget: TARGETS.lighthouseAccessibility,
            }),
            {
              name: 'Lighthouse mobile Total Blocking Time, /catalog',
              value: `${lighthouse.tbtMs.toFixed(0)} ms`,
              target: `≤ ${TARGETS.lighthouseTbtMs} ms`,
              pass: passes.lighthouseTbt,
            },
            {
              name: 'Lighthouse mobile Largest Contentful Paint, /catalog',
              value: `${(lighthouse.lcpMs / 1000).toFixed(2)} s`,
              target: `≤ ${TARGETS.lighthouseLcpMs / 1000} s`,
              pass: passes.lighthouseLcp,
            },
          ],
          { isSmoke },
        )}\n${formatLighthouseShortfalls(lighthouse)}`,
      );
    }
    if (isSmoke) {
      assertSmokeFigures('storefront', {
        counts: {
          'scripts loaded': page.scripts,
          'initial JS KB': page.initialJsKb,
          'orders submitted': submissions.orders,
          'Lighthouse performance': lighthouse.performance,
          'Lighthouse LCP': lighthouse.lcpMs,
        },
        figures: { 'first products ms': page.firstProductsMs, 'Lighthouse TBT': lighthouse.tbtMs },
      });
      return submissions.errors === 0 ? 0 : 1;
    }
    return Object.values(passes).every(Boolean) ? 0 : 1;
  });
}
