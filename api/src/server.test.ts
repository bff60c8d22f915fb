import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';

import { freePort, runTs, spawnTs, waitForExit, waitForHealthy } from './test-support/processes.js';

// As root, the embedded PostgreSQL runs as the 'postgres' user, which must be able to enter the folder.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-server-test-'));
chmodSync(dataDir, 0o711);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function isPostgresRunning(): boolean {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the server on its embedded PostgreSQL', () => {
  const env = { DATA_DIR: dataDir, DEMO_MODE: 'true', LOG_LEVEL: 'warn' };

  it('starts from nothing, survives kill -9, shares the data with the CLI and shuts down cleanly', async () => {
    const port = String(await freePort());
    const first = spawnTs('server.ts', [], { ...env, PORT: port });
    const health = await waitForHealthy(Number(port), 90_000, first);
    expect(health).toMatchObject({ status: 'ok', db: 'ok', demo_mode: true });

    first.kill('SIGKILL');
    await waitForExit(first);
    expect(isPostgresRunning()).toBe(true);

    const second = spawnTs('server.ts', [], { ...env, PORT: port });
    let stderr = '';
    second.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForHealthy(Number(port), 60_000, second);

    const audit = await runTs('cli/main.ts', ['catalog:audit', '--json'], env);
    expect(audit.code).toBe(0);
    expect(JSON.parse(audit.stdout)).toMatchObject({ csv_count: 154, db_active_count: 154, status: 'perfect' });

    // The data folder has one owner: a second server on it refuses in one line naming the first.
    const sameFolder = await runTs('server.ts', [], { ...env, PORT: String(await freePort()) });
    expect(sameFolder.code).toBe(1);
    expect(sameFolder.stderr.trim()).toMatch(
      new RegExp(
        `^supply-hub: The data folder ${dataDir} is in use by a Supply Hub server \\(pid ${second.pid}, port ${port},`,
      ),
    );
    // A server on the same port (on a database of its own) is told the port is taken.
    const testDatabase = JSON.parse(process.env.SUPPLY_HUB_TEST_DATABASE ?? '{}') as { url: string };
    const busy = await runTs('server.ts', [], {
      DATABASE_URL: testDatabase.url,
      PORT: port,
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      SESSION_SECRET: 'process-test-session-secret-0123456789abcdef',
      SETTINGS_ENCRYPTION_KEY: 'b'.repeat(64),
    });
    expect(busy.code).toBe(1);
    expect(busy.stderr.trim()).toBe(
      `supply-hub: Port ${port} on 127.0.0.1 is already in use — stop the other process or set PORT`,
    );

    second.kill('SIGTERM');
    expect(await waitForExit(second)).toBe(0);
    expect(stderr).not.toMatch(/error/i);
    expect(isPostgresRunning()).toBe(false);

    // With no server running, the CLI starts the embedded database itself and stops it again.
    const offline = await runTs('cli/main.ts', ['jobs:list', '--json'], env);
    expect(offline.code).toBe(0);
    expect(isPostgresRunning()).toBe(false);
  }, 180_000);

  it('two servers started at the same moment on folders of their own both come up', async () => {
    // Both see the embedded database's preferred port free; the one PostgreSQL refuses takes another.
    const folders = [0, 1].map(() => {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-twin-'));
      chmodSync(folder, 0o711);
      return folder;
    });
    const ports = [await freePort(), await freePort()];
    const servers = folders.map((folder, index) =>
      spawnTs('server.ts', [], { ...env, DATA_DIR: folder, PORT: String(ports[index]) }),
    );
    try {
      const healths = await Promise.all(servers.map((server, index) => waitForHealthy(ports[index]!, 120_000, server)));
      expect(healths.map((health) => health.db)).toEqual(['ok', 'ok']);
    } finally {
      for (const server of servers) server.kill('SIGTERM');
      expect(await Promise.all(servers.map((server) => waitForExit(server)))).toEqual([0, 0]);
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    }
  }, 240_000);

  it('refuses a data folder that is not a PostgreSQL database, in one line', async () => {
    const occupied = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-occupied-'));
    mkdirSync(path.join(occupied, 'pg'));
    writeFileSync(path.join(occupied, 'pg', 'holiday-photos.txt'), 'not a database');
    const result = await runTs('server.ts', [], { ...env, DATA_DIR: occupied, PORT: String(await freePort()) });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^supply-hub: The data folder .*pg holds files that are not a PostgreSQL database/,
    );
    rmSync(occupied, { recursive: true, force: true });
  });

  it('refuses a bad variable in one line naming it', async () => {
    const result = await runTs('server.ts', [], { ...env, PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^supply-hub: Configuration error: PORT /);
  });
});
