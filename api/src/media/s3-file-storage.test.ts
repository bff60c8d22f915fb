import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import request from 'supertest';

import { loadConfig } from '../config.js';
import { insertProducts } from '../test-support/catalog-fixtures.js';
import { closeTestApp, createTestApp, signedInAgent } from '../test-support/http-test-app.js';
import { startS3TestServer } from '../test-support/s3-test-server.js';
import { openSharedTestDb } from '../test-support/test-context.js';

const db = openSharedTestDb();
let s3: Awaited<ReturnType<typeof startS3TestServer>>;
let app: ReturnType<typeof createTestApp>;
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-unused-storage-'));

beforeAll(async () => {
  s3 = await startS3TestServer();
  app = createTestApp(db, { env: { ...s3.env, STORAGE_DIR: storageDir } });
});
afterAll(async () => {
  await closeTestApp(app);
  await s3.close();
  await db.destroy();
});

const png = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();

describe('product images in S3-compatible object storage (STORAGE_DRIVER=s3)', () => {
  it('stores an upload in the bucket, serves it from /media, and deletes it when replaced or removed', async () => {
    const [product] = await insertProducts(db, [{ title: 'Bucket image product' }]);
    const { agent } = await signedInAgent(app, db, ['admin']);
    const first = await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', await png('#3366cc'), 'photo.png')
      .expect(200);
    const firstKey = String(first.body.image_url).replace(/^\/media\//, '');
    expect(first.body.image_url).toMatch(/^\/media\/product-images\/[0-9a-f-]{36}\.webp$/);
    expect(await s3.keysUnder(firstKey)).toEqual([firstKey]);

    const served = await request(app).get(first.body.image_url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(Buffer.compare(served.body as Buffer, await s3.readObject(firstKey))).toBe(0);
    await request(app).get(first.body.image_url).set('If-None-Match', String(served.headers.etag)).expect(304);

    const second = await agent
      .post(`/api/admin/products/${product!.id}/image`)
      .attach('image', await png('#cc6633'), 'other.png')
      .expect(200);
    const secondKey = String(second.body.image_url).replace(/^\/media\//, '');
    expect(await s3.keysUnder(firstKey)).toEqual([]);
    await request(app).get(first.body.image_url).expect(404);

    await agent.delete(`/api/admin/products/${product!.id}/image`).expect(200);
    expect(await s3.keysUnder(secondKey)).toEqual([]);
    await request(app).get(second.body.image_url).expect(404);
    // Nothing went to the local disk.
    expect(readdirSync(storageDir)).toEqual([]);
  });

  it('answers 404 for names that are not stored files, without asking for paths outside the media folder', async () => {
    await request(app).get('/media/product-images/00000000-0000-4000-8000-000000000000.webp').expect(404);
    await request(app).get('/media/product-images/..%2F..%2Fsecret.webp').expect(404);
    await request(app).get('/media/product-images').expect(404);
  });

  it('refuses STORAGE_DRIVER=s3 without a bucket, in one line naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DEMO_MODE: 'true', STORAGE_DRIVER: 's3' })).toThrow(
      'Configuration error: S3_BUCKET is required when STORAGE_DRIVER=s3',
    );
  });
});
