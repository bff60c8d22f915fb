import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { afterAll, describe, expect, it } from '@jest/globals';
import express, { type RequestHandler } from 'express';
import request from 'supertest';

import { spaHosting } from './spa-hosting.js';

// A repository root of its own with the two built apps' shape: index.html, assets and their gzip twins.
const root = mkdtempSync(path.join(os.tmpdir(), 'supply-hub-spa-'));
const SCRIPT = 'export const greeting = "hello from the storefront";\n'.repeat(20);
const ADMIN_SCRIPT = 'export const greeting = "hello from the back office";\n'.repeat(20);

function writeAsset(file: string, text: string, { twin }: { twin: boolean }): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (twin) writeFileSync(`${file}.gz`, gzipSync(text));
}

writeAsset(path.join(root, 'storefront', 'dist', 'index.html'), '<!doctype html><title>storefront</title>', {
  twin: false,
});
writeAsset(path.join(root, 'storefront', 'dist', 'assets', 'index-abc.js'), SCRIPT, { twin: true });
writeAsset(path.join(root, 'storefront', 'dist', 'assets', 'plain-abc.js'), SCRIPT, { twin: false });
writeAsset(path.join(root, 'storefront', 'dist', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>', {
  twin: false,
});
writeAsset(path.join(root, 'backoffice', 'dist', 'index.html'), '<!doctype html><title>back office</title>', {
  twin: false,
});
writeAsset(path.join(root, 'backoffice', 'dist', 'assets', 'index-def.js'), ADMIN_SCRIPT, { twin: true });
// Outside both apps: never reachable through them.
writeAsset(path.join(root, 'secret.js'), 'export const secret = 1;\n', { twin: true });

// Stands in for the session store: the cookie value 'live' is a live session, any other a stale one.
const readSession: RequestHandler = (req, _res, next) => {
  if (req.headers.cookie?.includes('supply_hub.sid=live')) {
    req.auth = {
      userId: 'u1',
      email: 'a@example.test',
      roles: ['doctor'],
      authMethod: 'password',
      expiresAt: 0,
      mustEnrollMfa: false,
    };
  }
  next();
};
const app = express().use(spaHosting(root, [readSession]));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('built assets and their gzip twins', () => {
  it('sends the gzip twin of a storefront script, as JavaScript, to a browser that accepts gzip', async () => {
    const response = await request(app).get('/assets/index-abc.js').set('Accept-Encoding', 'gzip, deflate').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['vary']).toContain('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 4);
    expect(response.text).toBe(SCRIPT);
  });

  it('sends the script itself to a client that does not accept gzip', async () => {
    const response = await request(app).get('/assets/index-abc.js').set('Accept-Encoding', 'identity').expect(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe(SCRIPT);
  });

  it('sends a script without a twin as it is', async () => {
    const response = await request(app).get('/assets/plain-abc.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.text).toBe(SCRIPT);
  });

  it('sends the back office twin under /admin', async () => {
    const response = await request(app).get('/admin/assets/index-def.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.text).toBe(ADMIN_SCRIPT);
  });

  it('never reaches a twin outside the app through an encoded ../', async () => {
    const response = await request(app).get('/assets/..%2F..%2F..%2Fsecret.js').set('Accept-Encoding', 'gzip');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('secret');
  });
});

describe('cache headers: hashed assets for a year, pages revalidated', () => {
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  it('marks hashed storefront and back office assets immutable for a year, gzip twin or not', async () => {
    for (const [url, encoding] of [
      ['/assets/index-abc.js', 'gzip'],
      ['/assets/index-abc.js', 'identity'],
      ['/assets/plain-abc.js', 'gzip'],
      ['/admin/assets/index-def.js', 'gzip'],
      ['/admin/assets/index-def.js', 'identity'],
    ] as const) {
      const response = await request(app).get(url).set('Accept-Encoding', encoding).expect(200);
      expect([url, encoding, response.headers['cache-control']]).toEqual([url, encoding, IMMUTABLE]);
    }
  });

  it('sends index.html with no-cache, for client routes and asked for by name, in both apps', async () => {
    for (const url of ['/', '/catalog', '/orders/42', '/index.html', '/admin/', '/admin/orders', '/admin/index.html']) {
      const response = await request(app).get(url).expect(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect([url, response.headers['cache-control']]).toEqual([url, 'no-cache']);
    }
  });

  it('gives a file with a stable name outside assets/ an hour', async () => {
    const response = await request(app).get('/favicon.svg').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the storefront page preloads its first API requests', () => {
  const withSession = 'supply_hub.sid=live';

  it('preloads the session, and on /catalog the first page of products for the address search and sort', async () => {
    const response = await request(app).get('/catalog?q=%20nitrile%20gloves&sort=price-low').set('Cookie', withSession);
    expect(response.status).toBe(200);
    expect(response.headers['link']).toBe(
      '</api/auth/session>; rel=preload; as=fetch; crossorigin=anonymous, ' +
        '</api/products?sort=price-low&page=1&per_page=48&q=nitrile+gloves>; rel=preload; as=fetch; crossorigin=anonymous',
    );
  });

  it('asks for the default sort when the address names an unknown one', async () => {
    const response = await request(app).get('/catalog?sort=%3Cscript%3E,next').set('Cookie', withSession);
    expect(response.headers['link']).toContain('</api/products?sort=title&page=1&per_page=48>');
  });

  it('percent-encodes a search, so it can never end the Link value or add another', async () => {
    const response = await request(app)
      .get('/catalog?q=a%3E%3B%20rel%3Dpreload%2C%3C%2Fadmin')
      .set('Cookie', withSession);
    const links = String(response.headers['link']).split(', ');
    expect(links).toHaveLength(2);
    expect(links[1]).toBe(
      '</api/products?sort=title&page=1&per_page=48&q=a%3E%3B+rel%3Dpreload%2C%3C%2Fadmin>; rel=preload; as=fetch; crossorigin=anonymous',
    );
  });

  it('preloads only the session on other pages, and nothing without a session cookie or for the back office', async () => {
    expect((await request(app).get('/orders').set('Cookie', withSession)).headers['link']).toBe(
      '</api/auth/session>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect((await request(app).get('/catalog')).headers['link']).toBeUndefined();
    expect((await request(app).get('/catalog').set('Cookie', 'other=1')).headers['link']).toBeUndefined();
    expect((await request(app).get('/admin/orders').set('Cookie', withSession)).headers['link']).toBeUndefined();
  });

  it('preloads no products for a session cookie the store no longer knows (only the session check)', async () => {
    const response = await request(app).get('/catalog').set('Cookie', 'supply_hub.sid=s%3Aended.sig');
    expect(response.headers['link']).toBe('</api/auth/session>; rel=preload; as=fetch; crossorigin=anonymous');
  });
});
