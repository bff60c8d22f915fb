import { defineConfig } from '@playwright/test';

// A port of its own per run (set once here; workers inherit it), so parallel runs never collide.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);

/** Browser tests in Debian's Chromium (Playwright cannot download browsers here). */
export default defineConfig({
  testDir: '.',
  testMatch: ['storefront/e2e/**/*.spec.ts', 'backoffice/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
