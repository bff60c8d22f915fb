import type { IncomingMessage } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent, closeTestApp } from '../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../test-support/test-context.js';

describe('API answers travel compressed when they are large JSON', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db);
    await insertProducts(
      database.db,
      Array.from({ length: 48 }, (_, index) => ({ title: `Compressed item ${index}`, price: '3.00' })),
    );
  });
  afterAll(async () => {
    await closeTestApp(app);
    await database.drop();
  });

  it('gzips a catalogue page for a browser that accepts it, and the JSON reads the same', async () => {
    const { agent } = await signedInAgent(app, database.db, ['doctor']);
    const plain = await agent.get('/api/products?per_page=48').set('Accept-Encoding', 'identity').expect(200);
    const gzipped = await agent.get('/api/products?per_page=48').set('Accept-Encoding', 'gzip').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('no-store');
    expect(gzipped.body).toEqual(plain.body);
    expect((gzipped.body as { data: unknown[] }).data).toHaveLength(48);
  });

  it('leaves small answers and the event stream alone', async () => {
    const { agent } = await signedInAgent(app, database.db, ['doctor']);
    const session = await agent.get('/api/auth/session').set('Accept-Encoding', 'gzip').expect(200);
    expect(session.headers['content-encoding']).toBeUndefined();
    const health = await request(app).get('/api/health').set('Accept-Encoding', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();

    const stream = await new Promise<{ type: string; encoding: string | undefined }>((resolve, reject) => {
      const pending = agent
        .get('/api/events')
        .set('Accept-Encoding', 'gzip')
        .buffer(false)
        .parse((response, done) => {
          resolve({
            type: String(response.headers['content-type']),
            encoding: response.headers['content-encoding'] as string | undefined,
          });
          // supertest hands the Node response over (its type says otherwise): end the endless stream.
          (response as unknown as IncomingMessage).destroy();
          done(null, null);
        });
      pending.catch((error: unknown) => (String(error).includes('aborted') ? undefined : reject(error)));
    });
    expect(stream.type).toContain('text/event-stream');
    expect(stream.encoding).toBeUndefined();
  });
});
