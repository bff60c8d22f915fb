import { Writable } from 'node:stream';

import { describe, expect, it } from '@jest/globals';

import { createDb } from '../database/connection.js';
import { createLogger } from '../logger.js';
import { freePort } from '../test-support/processes.js';
import { testContext } from '../test-support/test-context.js';
import type { Job } from './job.js';
import { startJobScheduler } from './scheduler.js';

describe('job scheduler', () => {
  it('logs a tick the database cannot serve and keeps ticking instead of failing the process', async () => {
    // Nothing listens on this port: every run fails before its job starts, as during a restart.
    const db = createDb(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`);
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const ctx = testContext(db, { log: createLogger('error', sink) });
    const tickLines = () => lines.filter((line) => line.msg === 'job could not run');
    let jobRuns = 0;
    const job: Job = {
      name: 'every-second',
      description: 'test',
      schedule: '* * * * * *',
      runAtStartup: false,
      run: async () => {
        jobRuns += 1;
        return {};
      },
    };
    const scheduler = startJobScheduler(ctx, [job]);
    try {
      const deadline = Date.now() + 10_000;
      while (tickLines().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await scheduler.stop();
      await db.destroy();
    }
    expect(jobRuns).toBe(0);
    expect(tickLines().length).toBeGreaterThanOrEqual(2);
    expect(tickLines()[0]).toMatchObject({
      level: 50,
      job: 'every-second',
      msg: 'job could not run',
      error: { code: 'ECONNREFUSED' },
    });
  }, 20_000);
});
