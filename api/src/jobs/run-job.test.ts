import { afterAll, describe, expect, it } from '@jest/globals';

import { openSharedTestDb, testContext } from '../test-support/test-context.js';
import type { Job } from './job.js';
import { runJob } from './run-job.js';

const db = openSharedTestDb();
const ctx = testContext(db);
afterAll(() => db.destroy());

function testJob(name: string, run: Job['run']): Job {
  return { name, description: 'test', schedule: '* * * * *', runAtStartup: false, run };
}

describe('runJob', () => {
  it('records a successful run with its counts', async () => {
    const job = testJob(`counting-${Date.now()}`, async () => ({ counted: 3 }));
    expect(await runJob(ctx, job, 'manual')).toMatchObject({ outcome: 'success', counts: { counted: 3 } });
    const row = await db('job_runs').where({ job_name: job.name }).first();
    expect(row).toMatchObject({ outcome: 'success', trigger: 'manual', counts: { counted: 3 } });
    expect(row.finished_at).toBeInstanceOf(Date);
  });

  it('runs one scheduled tick once, however many instances fire it', async () => {
    let runs = 0;
    const job = testJob(`tick-${Date.now()}`, async () => {
      runs += 1;
      return {};
    });
    const tick = new Date('2026-11-21T03:15:00Z');
    const results = await Promise.all([1, 2, 3, 4].map(() => runJob(ctx, job, 'schedule', tick)));
    expect(runs).toBe(1);
    expect(results.filter((result) => result.outcome === 'success')).toHaveLength(1);
    expect(await db('job_runs').where({ job_name: job.name }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('never runs the same job twice at once', async () => {
    let release: () => void = () => {};
    const job = testJob(`slow-${Date.now()}`, () => new Promise((resolve) => (release = () => resolve({}))));
    const first = runJob(ctx, job, 'manual');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runJob(ctx, job, 'manual')).toMatchObject({
      outcome: 'skipped',
      reason: 'already running on another instance',
    });
    release();
    expect(await first).toMatchObject({ outcome: 'success' });
  });

  it('records a failure with a message and no stack', async () => {
    const job = testJob(`failing-${Date.now()}`, async () => {
      throw new Error('supplier feed unreachable');
    });
    expect(await runJob(ctx, job, 'manual')).toMatchObject({ outcome: 'failed', error: 'supplier feed unreachable' });
    expect(await db('job_runs').where({ job_name: job.name }).first('outcome', 'error')).toEqual({
      outcome: 'failed',
      error: 'supplier feed unreachable',
    });
  });
});
