// Back-office benchmark: the built portal in demo mode, signed in as the demo admin. The JavaScript
// /admin loads before its dashboard is usable (gzip sizes of what Chromium fetched), and Lighthouse
// desktop performance and accessibility of /admin/orders with the demo orders.
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';

import { DEMO_PASSWORD, signInCookie } from './demo-session.mjs';
import { formatLighthouseMetrics, formatLighthouseShortfalls, runLighthouse } from './lighthouse.mjs';
import { formatTable } from './report.mjs';
import {
  SERVER_ENTRY,
  findFreePort,
  killServerGroup,
  startServer,
  stopServer,
  waitForHealthy,
} from './server-process.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BACKOFFICE_DIST = path.join(REPO_ROOT, 'backoffice', 'dist');
const ADMIN = 'admin@demo.supplyhub.test';
const TARGETS = { initialJsKb: 300, lighthousePerformance: 90, lighthouseAccessibility: 90 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Opens /admin signed in and sums the gzip sizes of the scripts fetched until the dashboard is shown. */
async function measureAdminEntry(baseUrl) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext();
    const login = await context.request.post(`${baseUrl}/api/auth/login`, {
      data: { email: ADMIN, password: DEMO_PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`sign-in answered ${login.status()}`);
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    const started = performance.now();
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(/\/admin\/dashboard$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    const dashboardMs = performance.now() - started;
    // What the dashboard itself fetches once shown (its cards' code) belongs to /admin too.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    let gzipBytes = 0;
    for (const script of scripts) {
      const file = path.join(BACKOFFICE_DIST, script.replace(/^\/admin\//, ''));
      if (existsSync(file)) gzipBytes += gzipSync(readFileSync(file)).length;
    }
    return { scripts: scripts.size, initialJsKb: gzipBytes / 1024, dashboardMs };
  } finally {
    await browser.close();
  }
}

export async function run(args) {
  const asJson = args.includes('--json');
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY)) || !existsSync(path.join(BACKOFFICE_DIST, 'index.html'))) {
    process.stderr.write('The portal is not built — run `npm run build` first.\n');
    return 1;
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'supply-hub-bench-backoffice-'));
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o711);
  const port = await findFreePort();
  const server = startServer({ repoRoot: REPO_ROOT, dataDir, port });
  try {
    await waitForHealthy(server, { timeoutMs: 120_000 });
    const baseUrl = `http://127.0.0.1:${port}`;
    const entry = await measureAdminEntry(baseUrl);
    const lighthouse = await runLighthouse(`${baseUrl}/admin/orders`, {
      cookie: await signInCookie(baseUrl, ADMIN),
      formFactor: 'desktop',
    });
    const passes = {
      js: entry.initialJsKb <= TARGETS.initialJsKb,
      lighthousePerformance: lighthouse.performance >= TARGETS.lighthousePerformance,
      lighthouseAccessibility: lighthouse.accessibility >= TARGETS.lighthouseAccessibility,
    };
    if (asJson) process.stdout.write(`${JSON.stringify({ ...entry, lighthouse, passes }, null, 2)}\n`);
    else {
      process.stdout.write(
        `Supply Hub back-office benchmark — built portal, demo data, Debian Chromium, ${os.cpus().length} CPUs\n\n${formatTable(
          [
            {
              name: 'Initial JavaScript of /admin (gzip)',
              value: `${entry.initialJsKb.toFixed(1)} KB in ${entry.scripts} files`,
              target: `≤ ${TARGETS.initialJsKb} KB`,
              pass: passes.js,
            },
            { name: 'Navigation to the dashboard heading', value: `${entry.dashboardMs.toFixed(0)} ms` },
            {
              name: 'Lighthouse desktop performance, /admin/orders',
              value: String(lighthouse.performance),
              target: `≥ ${TARGETS.lighthousePerformance}`,
              pass: passes.lighthousePerformance,
            },
            {
              name: 'Lighthouse desktop accessibility, /admin/orders',
              value: String(lighthouse.accessibility),
              target: `≥ ${TARGETS.lighthouseAccessibility}`,
              pass: passes.lighthouseAccessibility,
            },
            { name: 'Lighthouse desktop metrics, /admin/orders', value: formatLighthouseMetrics(lighthouse) },
          ],
        )}\n${formatLighthouseShortfalls(lighthouse)}`,
      );
    }
    return Object.values(passes).every(Boolean) ? 0 : 1;
  } finally {
    await stopServer(server, { timeoutMs: 30_000 }).catch(() => killServerGroup(server));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
