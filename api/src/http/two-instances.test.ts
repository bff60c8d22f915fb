import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import type { Job } from '../jobs/job.js';
import { runJob } from '../jobs/run-job.js';
import { createTestApp, createTestUser, TEST_PASSWORD } from '../test-support/http-test-app.js';
import { openSharedTestDb, testContext } from '../test-support/test-context.js';

/** Two servers on one database, as two instances behind a load balancer would run. */
const db = openSharedTestDb();
const first = createTestApp(db);
const second = createTestApp(db);
let secondServer: Server;
let secondUrl = '';

beforeAll(async () => {
  secondServer = second.listen(0, '127.0.0.1');
  await new Promise((resolve) => secondServer.once('listening', resolve));
  secondUrl = `http://127.0.0.1:${(secondServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  (second.locals.endStreams as () => void)();
  await new Promise((resolve) => secondServer.close(resolve));
  for (const app of [first, second]) await (app.locals.closeResources as () => Promise<void>)();
  await db.destroy();
});

describe('two instances on one database', () => {
  it('share sessions: a sign-in on one is valid on the other', async () => {
    const user = await createTestUser(db, ['doctor']);
    const login = await request(first)
      .post('/api/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(200);
    const cookie = String(([] as string[]).concat(login.headers['set-cookie'] ?? [])[0]).split(';')[0]!;
    const session = await request(second).get('/api/auth/session').set('Cookie', cookie).expect(200);
    expect(session.body.user.email).toBe(user.email);
    await request(second).post('/api/auth/logout').set('Cookie', cookie).expect(204);
    await request(first).get('/api/auth/session').set('Cookie', cookie).expect(401);
  });

  it('carry an approval made through one to the event stream of the other', async () => {
    const waiting = await createTestUser(db, ['provider'], { isApproved: false });
    const admin = await createTestUser(db, ['admin']);
    const login = await fetch(`${secondUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: waiting.email, password: TEST_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const controller = new AbortController();
    const stream = await fetch(`${secondUrl}/api/events`, { headers: { Cookie: cookie }, signal: controller.signal });
    const reader = stream.body!.getReader();
    const adminAgent = request.agent(first);
    await adminAgent.post('/api/auth/login').send({ email: admin.email, password: TEST_PASSWORD }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await adminAgent.post(`/api/admin/users/${waiting.id}/approve`).send({ approved: true }).expect(200);
    let received = '';
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && !received.includes(waiting.id)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(received).toContain(`"user_id":"${waiting.id}"`);
  });

  it('run one scheduled tick once, whichever instance fires it', async () => {
    let runs = 0;
    const job: Job = {
      name: `two-instances-${Date.now()}`,
      description: 'test',
      schedule: '* * * * *',
      runAtStartup: false,
      run: async () => ({ runs: (runs += 1) }),
    };
    const tick = new Date('2026-11-21T04:00:00Z');
    await Promise.all([runJob(testContext(db), job, 'schedule', tick), runJob(testContext(db), job, 'schedule', tick)]);
    expect(runs).toBe(1);
  });
});
