import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from '@jest/globals';

import { createTestUser } from '../test-support/http-test-app.js';
import { createIsolatedDatabase, openSharedTestDb, testConfig, testContext } from '../test-support/test-context.js';
import { expiredSessionCleanupJob } from './expired-session-cleanup.job.js';
import { historyRetentionJob } from './history-retention.job.js';
import type { Job } from './job.js';
import { JOB_LEASE_MS, runJob } from './run-job.js';
import { startJobScheduler } from './scheduler.js';

const db = openSharedTestDb();
const ctx = testContext(db);
afterAll(() => db.destroy());

const DAY_MS = 24 * 60 * 60 * 1000;
const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

function testJob(name: string, run: Job['run']): Job {
  return { name, description: 'test', schedule: '0 0 1 1 *', runAtStartup: false, run };
}

/** A 'running' row as an instance leaves it, with its last heartbeat `ageMs` ago. */
async function insertRunningRun(jobName: string, ageMs: number, instanceId: string): Promise<number> {
  const at = new Date(Date.now() - ageMs);
  const [row] = await db('job_runs')
    .insert({ job_name: jobName, trigger: 'manual', instance_id: instanceId, started_at: at, heartbeat_at: at })
    .returning('id');
  return (row as { id: number }).id;
}

describe('job runs across crashes and instances', () => {
  it('at start-up, marks failed a run whose instance stopped renewing it, and leaves a live instance’s run alone', async () => {
    const crashed = await insertRunningRun(unique('crashed'), JOB_LEASE_MS + 60_000, 'gone-host:4242');
    const live = await insertRunningRun(unique('live'), 5_000, 'other-host:7');
    const scheduler = startJobScheduler(ctx, []);
    await scheduler.startupRuns;
    await scheduler.stop();
    expect(await db('job_runs').where({ id: crashed }).first('outcome', 'error')).toEqual({
      outcome: 'failed',
      error: 'its instance stopped while it ran',
    });
    expect(await db('job_runs').where({ id: live }).first('outcome')).toEqual({ outcome: 'running' });
  });

  it('runs a job again once the run a crashed instance left has lost its lease, and not before', async () => {
    const name = unique('recovering');
    const job = testJob(name, async () => ({ done: true }));
    const fresh = await insertRunningRun(name, 1_000, 'busy-host:1');
    expect(await runJob(ctx, job, 'manual')).toMatchObject({
      outcome: 'skipped',
      reason: 'already running on another instance',
    });
    await db('job_runs')
      .where({ id: fresh })
      .update({ heartbeat_at: new Date(Date.now() - JOB_LEASE_MS - 1_000) });
    expect(await runJob(ctx, job, 'manual')).toMatchObject({ outcome: 'success', counts: { done: true } });
    const outcomes = await db('job_runs').where({ job_name: name }).orderBy('id').pluck('outcome');
    expect(outcomes).toEqual(['failed', 'success']);
  });

  it('holds no transaction open while a job works, and its run is visible as running meanwhile', async () => {
    const isolated = await createIsolatedDatabase();
    try {
      const isolatedCtx = testContext(isolated.db);
      const seen: { openTransactions: number; outcome: string }[] = [];
      const job = testJob('slow-work', async () => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        const activity = await isolated.db.raw<{ rows: { n: number }[] }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND xact_start < now() - interval '400 milliseconds'`,
        );
        const run = await isolated.db('job_runs').where({ job_name: 'slow-work' }).first('outcome');
        seen.push({ openTransactions: activity.rows[0]?.n ?? -1, outcome: String(run?.outcome) });
        return {};
      });
      expect(await runJob(isolatedCtx, job, 'manual')).toMatchObject({ outcome: 'success' });
      expect(seen).toEqual([{ openTransactions: 0, outcome: 'running' }]);
    } finally {
      await isolated.drop();
    }
  });
});

describe('retention', () => {
  it('expired-session-cleanup deletes SAML request ids past their 30 minutes and keeps live ones', async () => {
    const expired = unique('idp:old-request');
    const live = unique('idp:new-request');
    await db('saml_request_ids').insert([
      { request_id: expired, value: 'x', created_at: new Date(Date.now() - 31 * 60_000) },
      { request_id: live, value: 'x', created_at: new Date(Date.now() - 60_000) },
    ]);
    const result = await runJob(ctx, expiredSessionCleanupJob, 'manual');
    expect(result.outcome).toBe('success');
    expect(result.counts.saml_requests_deleted).toBeGreaterThanOrEqual(1);
    expect(await db('saml_request_ids').whereIn('request_id', [expired, live]).pluck('request_id')).toEqual([live]);
  });

  it('expired-session-cleanup deletes SSO test sign-ins (attributes of a person) started more than a day ago', async () => {
    const providerId = unique('idp').toLowerCase();
    await db('sso_providers').insert({
      id: providerId,
      entity_id: `urn:${providerId}`,
      domains: [`${providerId}.example`],
    });
    const { id: adminId } = await createTestUser(db, ['admin']);
    const started = (hoursAgo: number, requestId: string) => ({
      provider_id: providerId,
      request_id: requestId,
      admin_user_id: adminId,
      admin_session_id: 'session',
      result: { attributes: { mail: 'someone@example.test' } },
      created_at: new Date(Date.now() - hoursAgo * 60 * 60 * 1000),
    });
    const old = unique('old-test');
    const recent = unique('recent-test');
    await db('saml_test_sign_ins').insert([started(25, old), started(1, recent)]);
    const result = await runJob(ctx, expiredSessionCleanupJob, 'manual');
    expect(result.counts.saml_test_sign_ins_deleted).toBeGreaterThanOrEqual(1);
    expect(await db('saml_test_sign_ins').where({ provider_id: providerId }).pluck('request_id')).toEqual([recent]);
  });

  it('history-retention deletes finished runs and delivered mail older than the configured days', async () => {
    const name = unique('old-history');
    const at = (days: number) => new Date(Date.now() - days * DAY_MS);
    await db('job_runs').insert([
      { job_name: name, trigger: 'manual', instance_id: 'h:1', outcome: 'success', started_at: at(11) },
      { job_name: name, trigger: 'manual', instance_id: 'h:1', outcome: 'failed', started_at: at(9) },
    ]);
    const to = `${unique('mail')}@test.supplyhub.test`;
    const mail = (status: string, days: number) => ({
      to_address: to,
      subject: status,
      text_body: 'reset link',
      template: 'test',
      status,
      created_at: at(days),
    });
    await db('email_outbox').insert([mail('sent', 6), mail('logged', 6), mail('pending', 6), mail('sent', 4)]);
    const retentionCtx = testContext(db, {
      config: testConfig({ JOB_RUNS_RETENTION_DAYS: '10', MAIL_OUTBOX_RETENTION_DAYS: '5' }),
    });
    const result = await runJob(retentionCtx, historyRetentionJob, 'manual');
    expect(result.outcome).toBe('success');
    expect(await db('job_runs').where({ job_name: name }).pluck('outcome')).toEqual(['failed']);
    const kept = await db('email_outbox').where({ to_address: to }).orderBy('created_at').select('status');
    expect(kept).toEqual([{ status: 'pending' }, { status: 'sent' }]);
  });
});
