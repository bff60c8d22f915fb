import { existsSync } from 'node:fs';
import path from 'node:path';

import express, { Router, type RequestHandler, type Response } from 'express';

export const SPA_NOT_BUILT =
  'This part of the portal has not been built yet: run `npm run build` (or `npm start`) from the repository root.';

/**
 * Serves the built back office under /admin and the storefront at /, each with a fallback to its
 * index.html for client-side routes (admin-portal §2.1). Asset paths that do not exist are 404s,
 * never the index page.
 */
export function spaHosting(repoRoot: string): Router {
  const router = Router();
  const backoffice = path.join(repoRoot, 'backoffice', 'dist');
  const storefront = path.join(repoRoot, 'storefront', 'dist');
  const staticOptions = { index: false, maxAge: '1h', fallthrough: true } as const;

  // Fixed aliases of the route table, answered before either app loads.
  router.get(['/people', '/admin/people', '/admin/settings/users'], (_req, res) => res.redirect(302, '/admin/users'));
  router.get(['/auth', '/auth/start'], (_req, res) => res.redirect(302, '/login'));

  router.use('/admin', precompressed(backoffice), express.static(backoffice, staticOptions));
  router.get(['/admin', '/admin/{*rest}'], (req, res) => sendIndex(res, backoffice, req.path));
  router.use(precompressed(storefront), express.static(storefront, staticOptions));
  router.get('/{*rest}', (req, res) => sendIndex(res, storefront, req.path));
  return router;
}

/** What the Vite builds precompress (name.js.gz beside name.js), with the type of the original. */
const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Sends a built asset's gzip twin to browsers that accept gzip: a third of the bytes on the first
 * load of either app. Anything else falls through to express.static.
 */
function precompressed(root: string): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    const type = PRECOMPRESSED_TYPES[path.extname(req.path)];
    if (!type || (req.method !== 'GET' && req.method !== 'HEAD') || !req.acceptsEncodings('gzip')) return next();
    let file: string;
    try {
      file = path.resolve(base, `.${decodeURIComponent(req.path)}.gz`);
    } catch {
      return next();
    }
    if (!file.startsWith(`${base}${path.sep}`) || !existsSync(file)) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
    res.sendFile(file, { maxAge: '1h' });
  };
}

function sendIndex(res: Response, root: string, requestPath: string): void {
  if (path.extname(requestPath) !== '') {
    res.status(404).type('text/plain').send('Not found');
    return;
  }
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) {
    res.status(503).type('text/plain').send(SPA_NOT_BUILT);
    return;
  }
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(index);
}
