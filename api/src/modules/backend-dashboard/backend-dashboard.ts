import { lstatSync, mkdirSync } from 'node:fs';
import os from 'node:os';

import { Router, type RequestHandler } from 'express';

import type { AppConfig } from '../../config.js';
import { connectionStringOf, type Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { crossSiteGuard } from '../../http/cross-site-guard.js';
import { allow, hasAnyRole } from '../../http/policy.js';
import { cspWithScriptNonce } from '../../http/security-headers.js';
import type { Logger } from '../../logger.js';
import { HOME_COMPONENT, homeComponentScript } from './backend-dashboard.home.js';
import { bundleFolderFor, resourceOptionsFor, shownTables } from './backend-dashboard.resources.js';

export const BACKEND_DASHBOARD_PATH = '/admin/backend';

export interface BackendDashboardDependencies {
  db: Db;
  config: AppConfig;
  log: Logger;
  /** The portal's own session and signed-in user: no second login. */
  sessionHandlers: RequestHandler[];
}

export interface BackendDashboard {
  router: Router;
  close(): Promise<void>;
}

interface Loaded {
  router: Router;
  /** @adminjs/sql's own knex (its own knex version), holding its pool. */
  knex: { destroy(): Promise<void> } | undefined;
}

/**
 * AdminJS over the product's main tables, for admins only, read-only. Importing AdminJS takes
 * seconds, so it loads at the first request an admin makes, not at start.
 */
export function backendDashboard({ db, config, log, sessionHandlers }: BackendDashboardDependencies): BackendDashboard {
  let loading: Promise<Loaded> | undefined;
  let isClosed = false;
  const load = () => {
    const startedAt = Date.now();
    loading ??= loadAdminRouter(db, config).then(
      (loaded) => {
        log.info({ ms: Date.now() - startedAt }, 'backend dashboard loaded');
        return loaded;
      },
      (error: unknown) => {
        loading = undefined; // the next request tries again (e.g. the database was down)
        throw error;
      },
    );
    return loading;
  };

  const router = Router();
  router.use(...sessionHandlers);
  router.use(redirectRefusedPages);
  router.use(allow.roles('admin'));
  router.use(crossSiteGuard(config.publicUrl));
  router.use(refuseWrites);
  router.use(['/resources/:resourceId', '/api/resources/:resourceId'], refuseUnknownResources);
  router.use(cspWithScriptNonce(config));
  router.use(noStoreExceptAssets);
  router.use(addNonceToInlineScripts);
  // The home page component, in place of any bundle AdminJS would build (backend-dashboard.home).
  const homeScript = homeComponentScript();
  router.get('/frontend/assets/components.bundle.js', (_req, res) => {
    res.type('text/javascript').send(homeScript);
  });
  router.use(async (req, res, next) => {
    if (isClosed) return next(new AppError(503, 'SHUTTING_DOWN', 'The server is shutting down.'));
    const loaded = await load();
    loaded.router(req, res, next);
  });
  // Nothing below /admin/backend falls through to the back office's index page.
  router.use((req, _res, next) => next(AppError.notFound(`No page at ${req.originalUrl.split('?')[0]}`)));

  return {
    router,
    async close() {
      isClosed = true;
      const loaded = await loading?.catch(() => undefined);
      await loaded?.knex?.destroy();
    },
  };
}

async function loadAdminRouter(db: Db, config: AppConfig): Promise<Loaded> {
  // Read by AdminJS once, when it is first imported.
  process.env.ADMIN_JS_TMP_DIR ??= ownedBundleFolder(config.dataDir);
  // One after the other: jest's ESM loader fails on concurrent imports sharing modules.
  const { default: AdminJS, Router: AdminRoutes } = await import('adminjs');
  const { buildAssets, buildRoutes } = await import('@adminjs/express');
  const sql = await import('@adminjs/sql');
  AdminJS.registerAdapter({ Database: sql.Database, Resource: sql.Resource });
  const connectionString = connectionStringOf(db);
  // @adminjs/sql opens a pool of its own and reads the table definitions once, here.
  const metadata = await new sql.Adapter('postgresql', {
    connectionString,
    database: decodeURIComponent(new URL(connectionString).pathname.slice(1)),
  }).init();
  const knex = metadata.tables()[0]?.knex;
  try {
    const admin = new AdminJS({
      rootPath: '/admin/backend',
      resources: shownTables().map((table) => ({
        resource: metadata.table(table.table),
        options: resourceOptionsFor(table),
      })),
      branding: { companyName: 'Supply Hub backend dashboard', logo: false, withMadeWithLove: false },
      dashboard: { component: HOME_COMPONENT },
      locale: {
        language: 'en',
        translations: {
          en: {
            messages: {
              welcomeOnBoard_title: 'Supply Hub backend dashboard',
              welcomeOnBoard_subtitle: 'Read-only view of the portal’s tables. Change data in the back office.',
            },
          },
        },
      },
    });
    // In production AdminJS bundles its (empty) user components here; buildRouter would start that
    // without waiting, and components.bundle.js could be asked for before it exists.
    await admin.initialize();
    // buildRouter minus initialize() and its body parser: every write is refused before AdminJS.
    const router = Router();
    buildAssets({ admin, assets: AdminRoutes.assets, routes: AdminRoutes.routes, router });
    buildRoutes({ admin, routes: AdminRoutes.routes, router });
    return { router, knex };
  } catch (error) {
    await knex?.destroy();
    throw error;
  }
}

/** A folder of this user only: production serves the bundle written there to admins. */
function ownedBundleFolder(dataDir: string): string {
  const uid = process.getuid?.() ?? 0;
  const folder = bundleFolderFor(dataDir, os.tmpdir(), uid);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stats = lstatSync(folder);
  if (!stats.isDirectory() || stats.uid !== uid) {
    throw new Error(`the AdminJS bundle folder ${folder} is not a directory of this user`);
  }
  return folder;
}

/**
 * A browser arriving signed out goes to the sign-in page and comes back after; another role goes to the back office,
 * which sends each role to its own home; an admin who must first set up two-step sign-in goes to
 * Settings, where that is done. API calls and assets get the usual 401 and 403.
 */
const redirectRefusedPages: RequestHandler = (req, res, next) => {
  const isPage = req.method === 'GET' && req.accepts(['json', 'html']) === 'html';
  if (!isPage) return next();
  // The sign-in page returns there afterwards (it accepts only paths of this portal).
  if (!req.auth) return res.redirect(302, `/login?redirect=${encodeURIComponent(req.originalUrl)}`);
  if (!hasAnyRole(req.auth.roles, ['admin'])) return res.redirect(302, '/admin');
  if (req.auth.mustEnrollMfa) return res.redirect(302, '/settings');
  next();
};

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const refuseWrites: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  next(
    new AppError(
      405,
      'BACKEND_DASHBOARD_READ_ONLY',
      'The backend dashboard is read-only: change data in the back office.',
    ),
  );
};

/** A table that is not a resource is a 404 here, not an AdminJS error (a 500). */
const refuseUnknownResources: RequestHandler = (req, _res, next) => {
  const isShown = shownTables().some(({ table }) => table === req.params.resourceId);
  next(isShown ? undefined : AppError.notFound('No such resource in the backend dashboard'));
};

const noStoreExceptAssets: RequestHandler = (req, res, next) => {
  if (!req.path.startsWith('/frontend/assets/')) res.setHeader('Cache-Control', 'no-store');
  next();
};

/** AdminJS renders its pages with two inline scripts; they get this response's CSP nonce. */
const addNonceToInlineScripts: RequestHandler = (_req, res, next) => {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const isPage = typeof body === 'string' && !res.get('Content-Type') && /^\s*<!DOCTYPE html>/i.test(body);
    return send(isPage ? body.replaceAll('<script>', `<script nonce="${String(res.locals.cspNonce)}">`) : body);
  };
  next();
};
