// Back-office benchmark: the built portal in demo mode, signed in as the demo admin. The JavaScript
// /admin loads before its dashboard is usable (gzip sizes of what Chromium fetched), and Lighthouse
// desktop performance and accessibility of /admin/orders with the demo orders. Options: --smoke (the
// initial JavaScript only — the storefront's smoke runs Lighthouse — and judges nothing), --json.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { signInCookie } from './demo-session.mjs';
import { measureInitialScripts } from './initial-scripts.mjs';
import { formatLighthouseShortfalls, lighthouseRows, runLighthouse } from './lighthouse.mjs';
import { assertSmokeFigures, formatTable } from './report.mjs';
import { SERVER_ENTRY, withDemoServer } from './server-process.mjs';
import { TARGETS as ALL_TARGETS } from './targets.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BACKOFFICE_DIST = path.join(REPO_ROOT, 'backoffice', 'dist');
const ADMIN = 'admin@demo.supplyhub.test';
const TARGETS = ALL_TARGETS.backoffice;
/** /admin as the demo admin, until the dashboard and what it fetches once shown (its cards' code). */
async function measureAdminEntry(baseUrl) {
  const { scripts, initialJsKb, usableMs } = await measureInitialScripts({
    baseUrl,
    email: ADMIN,
    pagePath: '/admin',
    waitUntilUsable: async (page) => {
      await page.waitForURL(/\/admin\/dashboard$/, { timeout: 30_000 });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    },
    fileOf: (script) => path.join(BACKOFFICE_DIST, script.replace(/^\/admin\//, '')),
  });
  return { scripts, initialJsKb, dashboardMs: usableMs };
}

export async function run(args) {
  const asJson = args.includes('--json');
  const isSmoke = args.includes('--smoke');
  if (!existsSync(path.join(REPO_ROOT, SERVER_ENTRY)) || !existsSync(path.join(BACKOFFICE_DIST, 'index.html'))) {
    process.stderr.write('The portal is not built — run `npm run build` first.\n');
    return 1;
  }
  return withDemoServer('backoffice', async ({ baseUrl }) => {
    const entry = await measureAdminEntry(baseUrl);
    const jsRow = {
      name: 'Initial JavaScript of /admin (gzip)',
      value: `${entry.initialJsKb.toFixed(1)} KB in ${entry.scripts} files`,
      target: `≤ ${TARGETS.initialJsKb} KB`,
      pass: entry.initialJsKb <= TARGETS.initialJsKb,
    };
    const dashboardRow = { name: 'Navigation to the dashboard heading', value: `${entry.dashboardMs.toFixed(0)} ms` };
    const title = `Supply Hub back-office benchmark — built portal, demo data, Debian Chromium, ${os.cpus().length} CPUs`;
    if (isSmoke) {
      if (asJson) process.stdout.write(`${JSON.stringify({ ...entry, isSmoke }, null, 2)}\n`);
      else process.stdout.write(`${title} — smoke run\n\n${formatTable([jsRow, dashboardRow], { isSmoke })}\n`);
      assertSmokeFigures('backoffice', {
        counts: { 'scripts loaded': entry.scripts, 'initial JS KB': entry.initialJsKb },
        figures: { 'dashboard ms': entry.dashboardMs },
      });
      return 0;
    }
    const lighthouse = await runLighthouse(`${baseUrl}/admin/orders`, {
      cookie: await signInCookie(baseUrl, ADMIN),
      formFactor: 'desktop',
    });
    const passes = {
      js: jsRow.pass,
      lighthousePerformance: lighthouse.performance >= TARGETS.lighthousePerformance,
      lighthouseAccessibility: lighthouse.accessibility >= TARGETS.lighthouseAccessibility,
    };
    if (asJson) process.stdout.write(`${JSON.stringify({ ...entry, lighthouse, passes }, null, 2)}\n`);
    else {
      process.stdout.write(
        `${title}\n\n${formatTable([
          jsRow,
          dashboardRow,
          ...lighthouseRows(lighthouse, {
            formFactor: 'desktop',
            page: '/admin/orders',
            performanceTarget: TARGETS.lighthousePerformance,
            accessibilityTarget: TARGETS.lighthouseAccessibility,
          }),
        ])}\n${formatLighthouseShortfalls(lighthouse)}`,
      );
    }
    return Object.values(passes).every(Boolean) ? 0 : 1;
  });
}
