import { Writable } from 'node:stream';

import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { createApp } from '../app.js';
import { createLogger } from '../logger.js';
import { openSharedTestDb, testConfig, uniqueEmail } from '../test-support/test-context.js';

const db = openSharedTestDb();
afterAll(() => db.destroy());

/** Every log line the app writes, at the most verbose level. */
function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: createLogger('trace', sink), text: () => lines.join('') };
}

describe('secrets never reach the logs', () => {
  it('keeps passwords, session cookies and reset tokens out of every log line', async () => {
    const { log, text } = capturingLogger();
    const app = createApp({ db, config: testConfig({ LOG_LEVEL: 'trace' }), log });
    const email = uniqueEmail('canary');
    const password = 'Canary-Password-9137';
    const agent = request.agent(app);
    const signup = await agent
      .post('/api/auth/signup')
      .send({ first_name: 'Can', last_name: 'Ary', email, password })
      .expect(201);
    const cookie = String(([] as string[]).concat(signup.headers['set-cookie'] ?? [])[0] ?? '')
      .split(';')[0]!
      .split('=')[1]!;
    await request(app).post('/api/auth/login').send({ email, password: 'Wrong-Canary-Password' }).expect(401);
    await request(app).post('/api/auth/login').send({ email, password }).expect(200);
    await request(app).post('/api/auth/password-reset/request').send({ email }).expect(202);
    const mail = await db('email_outbox').where({ to_address: email }).first('text_body');
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? 'missing';
    await request(app)
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Canary-Password-Next-42' })
      .expect(200);
    await request(app)
      .get('/api/auth/session?token=query-canary-123')
      .set('Authorization', 'Bearer header-canary-456')
      .expect(401);

    const logged = text();
    expect(logged.length).toBeGreaterThan(0);
    for (const canary of [
      password,
      'Wrong-Canary-Password',
      'Canary-Password-Next-42',
      decodeURIComponent(cookie),
      token,
      'query-canary-123',
      'header-canary-456',
    ]) {
      expect(logged).not.toContain(canary);
    }
  });
});
