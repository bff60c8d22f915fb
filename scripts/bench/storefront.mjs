// Storefront benchmark: the built portal in demo mode. The JavaScript /catalog loads before it is
// usable (gzip sizes of what Chromium fetched), the catalogue's first render time, Lighthouse mobile
// performance and accessibility of /catalog as a doctor, and order submissions per second with
// 5 lines each at 50 concurrent clients.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { signInCookie } from './demo-session.mjs';
import { measureInitialScripts } from './initial-scripts.mjs';
import { formatLighthouseShortfalls, lighthouseRows, runLighthouse } from './lighthouse.mjs';
import { formatTable } from './report.mjs';
import { SERVER_ENTRY, withDemoServer } from './server-process.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLIENTS = 50;
const WARM_UP_SECONDS = 3;
const MEASURED_SECONDS = 10;
const TARGETS = { initialJsKb: 150, ordersPerSecond: 300, lighthousePerformance: 95, lighthouseAccessibility: 95 };
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

/** CLIENTS connections submitting orders (5 lines, a fresh Idempotency-Key each) for `seconds`. */
function submitOrders(baseUrl, cookie, products, seconds) {
  const headers = { cookie, 'content-type': 'application/json' };
  let seed = 0;
  return autocannon({
    url: baseUrl,
    connections: CLIENTS,
    duration: seconds,
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
async function measureSubmissions(baseUrl) {
  const cookie = await signInCookie(baseUrl, DOCTOR);
  const products = (await (await fetch(`${baseUrl}/api/products?per_page=50`, { headers: { Cookie: cookie } })).json())
    .data;
  await submitOrders(baseUrl, cookie, products, WARM_UP_SECONDS);
  const result = await submitOrders(baseUrl, cookie, products, MEASURED_SECONDS);
  const orders = result['2xx'];
  return { orders, errors: result.non2xx + result.errors + result.timeouts, perSecond: orders / result.duration };
}

export async function run(args) {
  const asJson = args.includes('--json');
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
    const submissions = await measureSubmissions(baseUrl);
    const passes = {
      js: page.initialJsKb <= TARGETS.initialJsKb,
      lighthousePerformance: lighthouse.performance >= TARGETS.lighthousePerformance,
      lighthouseAccessibility: lighthouse.accessibility >= TARGETS.lighthouseAccessibility,
      orders: submissions.perSecond >= TARGETS.ordersPerSecond && submissions.errors === 0,
    };
    const figures = { ...page, ...submissions, lighthouse };
    if (asJson) process.stdout.write(`${JSON.stringify({ ...figures, passes }, null, 2)}\n`);
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
              name: `Order submissions (5 lines, ${CLIENTS} clients)`,
              value: `${submissions.perSecond.toFixed(1)}/s`,
              target: `≥ ${TARGETS.ordersPerSecond}/s`,
              pass: passes.orders,
            },
            { name: 'Submission errors', value: String(submissions.errors) },
            ...lighthouseRows(lighthouse, {
              formFactor: 'mobile',
              page: '/catalog',
              performanceTarget: TARGETS.lighthousePerformance,
              accessibilityTarget: TARGETS.lighthouseAccessibility,
            }),
          ],
        )}\n${formatLighthouseShortfalls(lighthouse)}`,
      );
    }
    return Object.values(passes).every(Boolean) ? 0 : 1;
  });
}
