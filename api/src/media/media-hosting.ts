import { pipeline } from 'node:stream/promises';

import express, { Router, type RequestHandler } from 'express';

import { AppError } from '../http/app-error.js';
import type { FileStorage } from './file-storage.js';

const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/**
 * Stored files from the portal's own origin under /media (nosniff comes with the security
 * headers). The names are generated, so a file never changes: cached for a week, immutable.
 * From a bucket, the file is streamed through the server; the bucket itself stays private.
 */
export function mediaHosting(storage: FileStorage & { root?: string }): RequestHandler {
  if (storage.kind === 'local' && storage.root) {
    return express.static(storage.root, {
      index: false,
      dotfiles: 'deny',
      maxAge: MAX_AGE_SECONDS * 1000,
      immutable: true,
      fallthrough: false,
    });
  }
  const router = Router();
  router.get('/:folder/:name', async (req, res) => {
    const { folder, name } = req.params;
    const extension = /^[a-z0-9-]+\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
    if (!/^[a-z0-9-]+$/.test(folder) || !extension) throw AppError.notFound('Not found', 'NOT_FOUND');
    const found = await storage.get(`${folder}/${name}`, { ifNoneMatch: req.headers['if-none-match'] });
    if (found === 'not-modified') {
      res.status(304).end();
      return;
    }
    if (!found) throw AppError.notFound('Not found', 'NOT_FOUND');
    res.setHeader('Content-Type', found.contentType ?? CONTENT_TYPES[extension] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}, immutable`);
    if (found.contentLength !== undefined) res.setHeader('Content-Length', String(found.contentLength));
    if (found.etag) res.setHeader('ETag', found.etag);
    if (found.lastModified) res.setHeader('Last-Modified', found.lastModified.toUTCString());
    if (req.method === 'HEAD') {
      found.body.destroy();
      res.end();
      return;
    }
    // A client that goes away ends the pipeline; the bucket's stream is closed with it.
    await pipeline(found.body, res).catch((error: unknown) => {
      if (!res.headersSent) throw error;
      res.destroy();
    });
  });
  router.use(() => {
    throw AppError.notFound('Not found', 'NOT_FOUND');
  });
  return router;
}
