import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';

import { captureOutput, freePort, runTs, spawnTs, waitForExit, waitForHealthy } from './test-support/processes.js';

/** Servers on their embedded PostgreSQL (no DATABASE_URL), each test with a data folder of its own. */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-owner-test-'));
  // As root, the embedded PostgreSQL runs as the 'postgres' user, which must be able to enter it.
  chmodSync(dataDir, 0o711);
  folders.push(dataDir);
  return dataDir;
}

function serverEnv(dataDir: string, port: number): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    SESSION_SECRET: 'process-test-session-secret-0123456789abcdef',
    SETTINGS_ENCRYPTION_KEY: 'b'.repeat(64),
  };
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('one data folder, one server', () => {
  it('refuses a second server on the same DATA_DIR in one line naming the first, which stays healthy', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = spawnTs('server.ts', [], serverEnv(dataDir, port));
    const output = captureOutput(first);
    try {
      await waitForHealthy(port, 90_000, first);
      const second = await runTs('server.ts', [], serverEnv(dataDir, await freePort()));
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toMatch(
        new RegExp(
          `^supply-hub: The data folder ${dataDir} is in use by a Supply Hub server \\(pid ${first.pid}, port ${port}, on .+ since .+\\) — stop it first or give this server its own DATA_DIR$`,
        ),
      );
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ db: 'ok' });
      first.kill('SIGTERM');
      expect(await waitForExit(first)).toBe(0);
    } finally {
      if (first.exitCode === null) first.kill('SIGKILL');
    }
    expect(output()).not.toMatch(/error/i);
  }, 120_000);

  it('exits non-zero, in one line, when its embedded PostgreSQL goes away', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const server = spawnTs('server.ts', [], serverEnv(dataDir, port));
    const output = captureOutput(server);
    try {
      await waitForHealthy(port, 90_000, server);
      const pid = postmasterPid(dataDir);
      try {
        process.kill(pid, 'SIGKILL');
      } catch (error) {
        const pidFile = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
        throw new Error(`${String(error)}: ${pidFile}\n${output()}`, { cause: error });
      }
      expect(await waitForExit(server)).toBe(1);
      expect(output()).toContain('supply-hub: The embedded PostgreSQL (pid');
      // Started again, it comes back on the same data.
      const again = spawnTs('server.ts', [], serverEnv(dataDir, port));
      await waitForHealthy(port, 90_000, again);
      again.kill('SIGTERM');
      expect(await waitForExit(again)).toBe(0);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }, 120_000);

  it('start → SIGTERM → start at once, 20 times in a row: each start ends healthy on the same data', async () => {
    const dataDir = newDataDir();
    const exits: Promise<number | null>[] = [];
    const startedAt = Date.now();
    let current: ReturnType<typeof spawnTs> | undefined;
    try {
      for (let round = 1; round <= 20; round += 1) {
        // A port of its own per round, so a health answer can only come from the new server.
        const port = await freePort();
        current = spawnTs('server.ts', [], serverEnv(dataDir, port));
        const output = captureOutput(current);
        const health = await waitForHealthy(port, 60_000, current).catch((error: unknown) => {
          throw new Error(`round ${round}: ${String(error)}\n${output()}`);
        });
        expect(health).toMatchObject({ status: 'ok', db: 'ok' });
        current.kill('SIGTERM');
        exits.push(waitForExit(current));
      }
      expect(await Promise.all(exits)).toEqual(Array.from({ length: 20 }, () => 0));
    } finally {
      if (current && current.exitCode === null) current.kill('SIGKILL');
    }
    process.stdout.write(`20 restarts on one DATA_DIR: ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
  }, 900_000);
});
