import { existsSync } from 'node:fs';
import path from 'node:path';

import express, { Router, type Request, type RequestHandler, type Response } from 'express';

import { catalogueProductsPath, catalogueQueryOf } from '../contracts/products.rules.js';
import { SESSION_COOKIE } from './sessions.js';

export const SPA_NOT_BUILT =
  'This part of the portal has not been built yet: run `npm run build` (or `npm start`) from the repository root.';

/**
 * Serves the built back office under /admin and the storefront at /, each with a fallback to its
 * index.html for client-side routes (admin-portal §2.1). Asset paths that do not exist are 404s,
 * never the index page. `sessionHandlers` read the session (req.auth) for /catalog, whose first
 * page of products is preloaded only for a live session.
 */
export function spaHosting(repoRoot: string, sessionHandlers: readonly RequestHandler[]): Router {
  const router = Router();
  const backoffice = path.join(repoRoot, 'backoffice', 'dist');
  const storefront = path.join(repoRoot, 'storefront', 'dist');
  const staticOptions = (root: string) =>
    ({
      index: false,
      fallthrough: true,
      setHeaders: (res: Response, file: string) =>
        res.setHeader('Cache-Control', cacheControlFor(path.relative(root, file))),
    }) as const;

  // Fixed aliases of the route table, answered before either app loads.
  router.get(['/people', '/admin/people', '/admin/settings/users'], (_req, res) => res.redirect(302, '/admin/users'));
  router.get(['/auth', '/auth/start'], (_req, res) => res.redirect(302, '/login'));

  router.use('/admin', precompressed(backoffice), express.static(backoffice, staticOptions(backoffice)));
  router.get(['/admin', '/admin/{*rest}'], (req, res) => sendIndex(res, backoffice, req.path));
  router.use(precompressed(storefront), express.static(storefront, staticOptions(storefront)));
  const sessionReader = Router().use(...sessionHandlers);
  router.get('/catalog', (req, res, next) => (hasSessionCookie(req) ? sessionReader(req, res, next) : next()));
  router.get('/{*rest}', (req, res) => {
    const preloads = storefrontPreloads(req);
    if (preloads.length > 0) res.setHeader('Link', preloads.join(', '));
    sendIndex(res, storefront, req.path);
  });
  return router;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Vite names everything under assets/ by its content hash, so a browser may keep it for a year
 * without asking again; index.html (which names the current hashes) is revalidated on every load.
 * Other files at the app root (favicon, manifest) have stable names: an hour.
 */
export function cacheControlFor(relativePath: string): string {
  const segments = relativePath.split(/[\\/]/);
  if (segments[0] === 'assets' && segments.length > 1) return IMMUTABLE;
  if (relativePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
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
    res.setHeader('Cache-Control', cacheControlFor(path.relative(base, file.slice(0, -'.gz'.length))));
    res.sendFile(file);
  };
}

function hasSessionCookie(req: Pick<Request, 'headers'>): boolean {
  return req.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
}

/**
 * The storefront's first API requests, preloaded from the page's headers for a browser with a
 * session cookie: they then travel while the scripts download instead of after they run (a round
 * trip less before the catalogue's first cards). The addresses are the ones the storefront asks
 * for (contracts/products.rules); nothing private is in them. The session read is preloaded for any
 * session cookie (it is the check itself); the products of /catalog only once the session was read
 * as live (req.auth), else a stale cookie cost a 401 for data before the redirect to /login.
 */
export function storefrontPreloads(
  req: Pick<Request, 'path' | 'query' | 'headers' | 'originalUrl' | 'auth'>,
): string[] {
  if (!hasSessionCookie(req)) return [];
  const preloads = ['/api/auth/session'];
  if (req.path === '/catalog' && req.auth) {
    const search = new URL(req.originalUrl, 'http://portal').searchParams;
    preloads.push(catalogueProductsPath({ ...catalogueQueryOf(search), page: 1 }));
  }
  // The address is built from URLSearchParams (percent-encoded): no '>' or ',' can end the value early.
  return preloads.map((address) => `<${address}>; rel=preload; as=fetch; crossorigin=anonymous`);
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
