import { defineConfig } from '@playwright/test';

// A port of its own per run (set once here; workers inherit it), so parallel runs never collide.
// 3659 is on Chromium's list of unsafe ports (it refuses to load pages from it): skipped.
const CHROMIUM_UNSAFE_PORT = 3659;
const randomPort = () => 3100 + Math.floor(Math.random() * 800);
let chosenPort = randomPort();
while (chosenPort === CHROMIUM_UNSAFE_PORT) chosenPort = randomPort();
process.env.E2E_PORT ??= String(chosenPort);
const port = Number(process.env.E2E_PORT);

/** Browser tests in Debian's Chromium (Playwright cannot download browsers here). */
export default defineConfig({
  testDir: '.',
  testMatch: ['storefront/e2e/**/*.spec.ts', 'backoffice/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  // One retry: a test that passes only the second time is listed as flaky and mended (its trace is
  // kept); a test that fails twice fails the run. Timing on a loaded 2-core CI machine is no verdict.
  retries: 1,
  reporter: [['list']],
  timeout: 30_000,
  // A screen's first paint waits for its lazy chunk: on a busy 2-core machine that can pass 5 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-first-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e/test-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { E2E_PORT: String(port) },
  },
});
