import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { afterAll, describe, expect, it } from '@jest/globals';
import express from 'express';
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
writeAsset(path.join(root, 'backoffice', 'dist', 'assets', 'index-def.js'), ADMIN_SCRIPT, { twin: true });
// Outside both apps: never reachable through them.
writeAsset(path.join(root, 'secret.js'), 'export const secret = 1;\n', { twin: true });

const app = express().use(spaHosting(root));
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
