import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';

import { createDb, type Db } from '../database/connection.js';
import type { Job } from '../jobs/job.js';
import { runJob } from '../jobs/run-job.js';
import { reportTimezone } from '../modules/reports/report-timezone.js';
import { addSsoProvider } from '../modules/sso/sso-providers.service.js';
import {
  createTestApp,
  createTestUser,
  TEST_PASSWORD,
  closeTestApp,
  createTestPortal,
} from '../test-support/http-test-app.js';
import { insertProducts } from '../test-support/catalog-fixtures.js';
import { startS3TestServer } from '../test-support/s3-test-server.js';
import { createTestIdp, readAuthnRequest, uniqueSamlId } from '../test-support/saml-test-idp.js';
import { createIsolatedDatabase, openSharedTestDb, testContext, uniqueEmail } from '../test-support/test-context.js';

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
  await new Promise((resolve) => secondServer.close(resolve));
  for (const app of [first, second]) await closeTestApp(app);
  await db.destroy();
});

describe('two instances on one database', () => {
  it('share sessions: a sign-in on one is valid on the other', async () => {
    const user = await createTestUser(db, ['doctor']);
    const login = await request(first)
      .post('/api/auth/login')
      .send({ email: user.email, password: TEST_PASSWORD })
      .expect(200);
    const cookie = /supply_hub\.sid=[^;]+/.exec(String(login.headers['set-cookie']))?.[0] ?? '';
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
    const cookie = /supply_hub\.sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
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

  it('refuse on the second a SAML assertion already consumed on the first', async () => {
    // Both instances answer at the same public address, as behind one load balancer.
    const publicUrl = 'http://127.0.0.1:3000';
    const idp = createTestIdp();
    const providerId = `saml-two-${randomBytes(4).toString('hex')}`;
    const base = `/api/auth/saml/${providerId}`;
    await addSsoProvider(testContext(db), {
      id: providerId,
      entityId: idp.entityId,
      domains: [`${providerId}.example`],
      entryPoint: idp.entryPoint,
      certificatePem: idp.certificatePem,
    });
    const email = uniqueEmail('saml-two');
    const assertionId = uniqueSamlId();
    const responseTo = (requestId: string) =>
      idp.buildResponse({
        acsUrl: `${publicUrl}${base}/acs`,
        audience: `${publicUrl}${base}/metadata`,
        inResponseTo: requestId,
        nameId: email,
        attributes: { email, givenName: 'Ada', sn: 'Lovelace' },
        assertionId,
      });
    const startOn = async (agent: ReturnType<typeof request.agent>) =>
      readAuthnRequest((await agent.get(`${base}/start`).expect(302)).headers.location as string).id;
    const post = (agent: ReturnType<typeof request.agent>, samlResponse: string) =>
      agent.post(`${base}/acs`).type('form').send({ SAMLResponse: samlResponse });
    const errorOf = (response: request.Response) =>
      new URL(response.headers.location as string, publicUrl).searchParams.get('error');

    const onFirst = request.agent(first);
    const captured = responseTo(await startOn(onFirst));
    expect((await post(onFirst, captured)).headers.location).toBe('/auth/callback');
    await onFirst.get('/api/auth/session').expect(200);

    // The captured response, posted as it is to the other instance.
    const replayer = request.agent(second);
    const replayed = await post(replayer, captured);
    expect(errorOf(replayed)).toBe('saml_replay');
    await replayer.get('/api/auth/session').expect(401);
    // The same assertion id in a response to a fresh request of the second instance: still refused.
    const fresh = request.agent(second);
    expect(errorOf(await post(fresh, responseTo(await startOn(fresh))))).toBe('saml_replay');
    await fresh.get('/api/auth/session').expect(401);
    const user = await db('users').where({ email }).first('id');
    expect(await db('sessions').whereRaw(`sess->>'userId' = ?`, [user.id]).count('* as n').first()).toEqual({ n: 1 });
  });
});

describe('two instances, each with its own connections', () => {
  /** Until the instance's event hub listens, a notification would pass it by. */
  async function untilListening(db: Db): Promise<void> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const { rows } = await db.raw<{ rows: { n: number }[] }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'supply-hub-events' AND query LIKE 'LISTEN%'`,
      );
      if ((rows[0]?.n ?? 0) > 0) return;
      if (Date.now() > deadline) throw new Error('the event hub never listened');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('use a new company timezone in reports at once, whoever saved it', async () => {
    // Its own database: a timezone change shifts the report rollups every other test reads.
    const isolated = await createIsolatedDatabase();
    const instanceDb = createDb(isolated.url, { max: 2 });
    const { app: instance, followSharedChanges } = createTestPortal(instanceDb);
    followSharedChanges();
    try {
      await untilListening(isolated.db);
      const before = await reportTimezone(instanceDb);
      const next = before === 'America/Chicago' ? 'America/Denver' : 'America/Chicago';
      // Another writer (another instance's admin, the CLI): this instance's copy is a minute old at most otherwise.
      await isolated.db('company_settings').where({ id: 1 }).update({ timezone: next });
      const deadline = Date.now() + 3000;
      while ((await reportTimezone(instanceDb)) !== next && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await reportTimezone(instanceDb)).toBe(next);
    } finally {
      await closeTestApp(instance);
      await instanceDb.destroy();
      await isolated.drop();
    }
  });
});

describe('two instances on different machines, images in object storage', () => {
  it('serve an image uploaded through one from the other (STORAGE_DRIVER=s3)', async () => {
    const s3 = await startS3TestServer();
    // Each instance has a local disk of its own, as on two machines: only the bucket is shared.
    const machine = (name: string) =>
      createTestApp(db, {
        env: { ...s3.env, STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), `supply-hub-${name}-disk-`)) },
      });
    const [uploading, serving] = [machine('a'), machine('b')];
    try {
      const [product] = await insertProducts(db, [{ title: 'Shared image product' }]);
      const admin = await createTestUser(db, ['admin']);
      const agent = request.agent(uploading);
      await agent.post('/api/auth/login').send({ email: admin.email, password: TEST_PASSWORD }).expect(200);
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#22aa66' } })
        .png()
        .toBuffer();
      const uploaded = await agent.post(`/api/admin/products/${product!.id}/image`).attach('image', png, 'a.png');
      expect(uploaded.status).toBe(200);
      const fromOther = await request(serving).get(uploaded.body.image_url).expect(200);
      expect(fromOther.headers['content-type']).toBe('image/webp');
      const fromFirst = await request(uploading).get(uploaded.body.image_url).expect(200);
      expect(Buffer.compare(fromOther.body as Buffer, fromFirst.body as Buffer)).toBe(0);
    } finally {
      for (const app of [uploading, serving]) await closeTestApp(app);
      await s3.close();
    }
  });
});
