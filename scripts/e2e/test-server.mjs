// The server the browser tests run against: the built portal in demo mode on a throwaway database
// (created like the jest run's, dropped again when Playwright stops this process with SIGTERM).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const databaseScript = path.join(root, 'api', 'src', 'test-support', 'test-database.ts');
const database = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', databaseScript, 'prepare'], { encoding: 'utf8', cwd: root }),
);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-e2e-'));
chmodSync(dataDir, 0o711);
// The tests read the mail outbox (sign-up links) from this database: scripts/e2e/mailbox.ts.
const databaseNote = path.join(os.tmpdir(), `supply-hub-e2e-${process.env.E2E_PORT ?? '3100'}.json`);
writeFileSync(databaseNote, JSON.stringify({ databaseUrl: database.url }), { mode: 0o600 });

const { NODE_OPTIONS: _omitted, ...env } = process.env;
const server = spawn(process.execPath, [path.join(root, 'api', 'dist', 'api', 'src', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every browser test comes from 127.0.0.1 (the per-address limits have jest tests of their own).
    RATE_LIMIT_ADDRESS_FACTOR: '100',
    // The sandbox supplier confirms at once and ships on the next ticks, backordering part of every
    // order, so the fulfilment journey sees each step within seconds.
    SANDBOX_CONFIRM_AFTER_S: '0',
    SANDBOX_SHIP_AFTER_S: '5',
    SANDBOX_BACKORDER_SHARE: '1',
    // It invoices as soon as the ward received what shipped, 5 % above the order's prices: every
    // e2e invoice is an exception for finance's queue.
    SANDBOX_INVOICE_AFTER_S: '0',
    SANDBOX_INVOICE_OVERPRICE_SHARE: '1',
    PORT: process.env.E2E_PORT ?? '3100',
  },
});

let isStopping = false;
function stop() {
  if (isStopping) return;
  isStopping = true;
  server.kill('SIGTERM');
}
server.once('exit', (code) => {
  const args = [database.adminUrl, database.name, ...(database.embeddedDataDir ? [database.embeddedDataDir] : [])];
  execFileSync(process.execPath, ['--import', 'tsx', databaseScript, 'drop', ...args], { cwd: root, stdio: 'inherit' });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(databaseNote, { force: true });
  process.exit(isStopping ? 0 : (code ?? 1));
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
