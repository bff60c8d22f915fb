import { closeInboundReaders } from './modules/fulfilment/cxml-inbound/inbound-reading-pool.js';
import { inboundCxmlRoutes } from './modules/fulfilment/inbound.routes.js';
import { inboundLogRoutes } from './modules/fulfilment/inbound-log.routes.js';
import { receiptsRoutes } from './modules/fulfilment/receipts.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import compression from 'compression';
import express, { type Request, type Response } from 'express';
import { pinoHttp } from 'pino-http';

import type { AppConfig } from './config.js';
import type { ServiceContext } from './context.js';
import type { Db } from './database/connection.js';
import { apiNotFound, errorHandler } from './http/error-handler.js';
import type { RouteDependencies } from './http/route-dependencies.js';
import { securityHeaders } from './http/security-headers.js';
import { spaHosting } from './http/spa-hosting.js';
import type { Logger } from './logger.js';
import { crossSiteGuard } from './http/cross-site-guard.js';
import { refuseControlCharacters } from './http/control-characters.js';
import { currentUser, sessionMiddleware } from './http/sessions.js';
import { connectionStringOf } from './database/connection.js';
import { createReportsReader, type ReportsReader } from './database/reports-reader.js';
import { allEndpoints } from './contracts/endpoints/index.js';
import { responseContract } from './http/response-contract.js';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { oidcRoutes } from './modules/oidc/oidc.routes.js';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.js';
import { createEventHub } from './modules/events/event-hub.js';
import { forgetReportTimezone } from './modules/reports/report-timezone.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { statWaitingAudience } from './modules/approvals/stat-waiting-audience.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { adminCatalogRoutes } from './modules/admin-catalog/admin-catalog.routes.js';
import { adminOrdersRoutes } from './modules/admin-orders/admin-orders.routes.js';
import { adminProductsRoutes } from './modules/admin-products/admin-products.routes.js';
import { barcodesRoutes } from './modules/barcodes/barcodes.routes.js';
import { recallsRoutes } from './modules/recalls/recalls.routes.js';
import { expiringStockRoutes } from './modules/expiring-stock/expiring-stock.routes.js';
import { adminStandingOrdersRoutes, standingOrdersRoutes } from './modules/standing-orders/standing-orders.routes.js';
import { punchoutReturnRoutes, punchoutRoutes } from './modules/punchout/punchout.routes.js';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.js';
import { budgetsRoutes } from './modules/budgets/budgets.routes.js';
import { csvImportsRoutes } from './modules/csv-imports/csv-imports.routes.js';
import { departmentsRoutes } from './modules/departments/departments.routes.js';
import { adminLocationsRoutes, locationsRoutes } from './modules/locations/locations.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { BACKEND_DASHBOARD_PATH, backendDashboard } from './modules/backend-dashboard/backend-dashboard.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { meRoutes } from './modules/me/me.routes.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { demoMailboxPageNotFound, mailboxRoutes } from './modules/mail/mailbox.routes.js';
import { mfaRoutes } from './modules/mfa/mfa.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { qaRunnerRoutes } from './modules/qa-runner/qa-runner.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { samlRoutes } from './modules/saml/saml.routes.js';
import { sandboxSupplierRoutes } from './modules/sandbox-supplier/sandbox-supplier.routes.js';
import { approvalPolicyRoutes, settingsRoutes } from './modules/settings/settings.routes.js';
import { approvalsRoutes } from './modules/approvals/approvals.routes.js';
import { ssoAdminRoutes } from './modules/sso/sso-admin.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { supplierRoutes } from './modules/supplier/supplier.routes.js';
import { createThrottles } from './modules/throttles/throttles.js';
import { createFileStorage } from './media/file-storage.js';
import { mediaHosting } from './media/media-hosting.js';
import { httpMetrics } from './metrics/http-metrics.js';
import { metricsRoutes } from './metrics/metrics.routes.js';

export interface AppDependencies {
  db: Db;
  config: AppConfig;
  log: Logger;
  now?: () => Date;
  /** Where report reads go (a streaming replica, opened and closed by the owner); absent, the primary. */
  reports?: ReportsReader;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** The portal's Express application and what its owner (the server, the CLI, a test) does with it. */
export interface Portal {
  /** Not listening: server.ts listens, tests use supertest. */
  app: express.Express;
  /** The /api router, for the inventory of routes and their access policies. */
  apiRouter: express.Router;
  /**
   * Company settings saved through another instance or the CLI: this instance's copy of the report
   * timezone goes at once (its own saves forget it directly). Opens a LISTEN connection, so the
   * server calls it once it listens; an app made for a test or the CLI opens none.
   */
  followSharedChanges(): void;
  /** Event streams never end by themselves: shutdown ends them first so the server can close. */
  endStreams(): void;
  /** Closes the connections the app holds of its own (sessions, event hub, dashboard). Idempotent. */
  close(): Promise<void>;
}

export function createPortal({ db, config, log, now = () => new Date(), reports }: AppDependencies): Portal {
  const reportsReader =
    reports ?? createReportsReader({ primary: db, maxLagSeconds: config.reports.maxLagSeconds, log });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // API answers are Cache-Control: no-store, so an ETag (a SHA-1 of every JSON body) buys nothing.
  // Static files keep theirs: serve-static and sendFile do not use this setting.
  app.set('etag', false);

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Only the method, path and status: query strings and headers may carry secrets.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      // Probes and scrapes (every few seconds from each orchestrator or Prometheus) would drown the log.
      autoLogging: { ignore: (req) => /^\/(api\/health(\/live|\/ready)?|metrics)(\?|$)/.test(req.url ?? '') },
    }),
  );
  if (config.metrics.isEnabled) app.use(httpMetrics());
  app.use(securityHeaders(config));
  // Test runs check every declared JSON answer against its contract (a mismatch answers 500).
  if (process.env.NODE_ENV === 'test') app.use(responseContract(allEndpoints, log));
  app.use(metricsRoutes({ db, config }));

  const dependencies: RouteDependencies = {
    contextFor: (req: Request): ServiceContext => ({
      db,
      config,
      log: req.log,
      now,
      actor: req.auth
        ? { kind: 'user', userId: req.auth.userId, label: req.auth.email }
        : { kind: 'anonymous', label: 'anonymous' },
      requestId: String(req.id),
      clientAddress: req.ip,
      reports: reportsReader,
    }),
    db,
    config,
    now,
    version: readVersion(config.staticRoot),
    startedAt: now(),
    throttles: createThrottles(db, config),
  };
  const storage = createFileStorage(config);
  const sessions = sessionMiddleware(db, config, log);
  const eventHub = createEventHub(connectionStringOf(db), log);
  const sessionHandlers = [sessions.handler, currentUser(db, config, now)];
  const dashboard = backendDashboard({ db, config, log, sessionHandlers });
  const openStreams = new Set<Response>();
  let closing: Promise<void> | undefined;
  const portal: Omit<Portal, 'app' | 'apiRouter'> = {
    followSharedChanges: () => {
      eventHub.subscribe((event) => {
        if (event.type === 'company_settings.changed') forgetReportTimezone(db);
      });
    },
    endStreams: () => {
      for (const stream of openStreams) stream.end();
      openStreams.clear();
    },
    close: () => {
      storage.close();
      // Each closes even when another fails; the first failure is reported.
      closing ??= Promise.allSettled([
        eventHub.close(),
        dashboard.close(),
        sessions.close(),
        closeInboundReaders(),
      ]).then((results) => {
        const failure = results.find((result) => result.status === 'rejected');
        if (failure) throw failure.reason;
      });
      return closing;
    },
  };

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Larger JSON answers (a catalogue page: 35 KB, 7 KB gzip) travel compressed. Event streams and
  // CSV exports are left alone: a stream must reach the browser as it is written.
  api.use(compression({ threshold: '4kb', filter: (_req, res) => isJsonAnswer(res) }));
  // Suppliers' documents are XML, authenticated by their shared secret: before JSON, sessions and CSRF.
  api.use(inboundCxmlRoutes(dependencies));
  // The supplier's PunchOut page posts the cart from its own site; the BuyerCookie says whose it is.
  api.use(punchoutReturnRoutes(dependencies));
  api.use(express.json({ limit: '100kb' }));
  // PostgreSQL cannot store U+0000: control characters are refused here, once, for every route.
  api.use(refuseControlCharacters);
  // The SAML assertion consumer is posted to by the identity provider's page and verified by signature.
  api.use(crossSiteGuard(config.publicUrl, [/^\/auth\/saml\/[^/]+\/acs$/]));
  api.use(sessions.handler);
  api.use(currentUser(db, config, now));
  api.use(healthRoutes(dependencies));
  api.use(authRoutes(dependencies));
  api.use(oidcRoutes(dependencies));
  api.use(passwordResetRoutes(dependencies));
  api.use(mfaRoutes(dependencies));
  api.use(ssoRoutes(dependencies));
  api.use(ssoAdminRoutes(dependencies));
  api.use(samlRoutes(dependencies, { allowIdpInitiated: config.saml.allowIdpInitiated }));
  api.use(productsRoutes(dependencies));
  api.use(barcodesRoutes(dependencies));
  api.use(cartRoutes(dependencies));
  api.use(standingOrdersRoutes(dependencies));
  api.use(punchoutRoutes(dependencies));
  api.use(locationsRoutes(dependencies));
  api.use(ordersRoutes(dependencies));
  api.use(receiptsRoutes(dependencies));
  api.use(inboundLogRoutes(dependencies));
  api.use(invoicesRoutes(dependencies));
  api.use(meRoutes(dependencies));
  api.use(adminProductsRoutes(dependencies, { storage }));
  api.use(adminOrdersRoutes(dependencies));
  api.use(supplierRoutes(dependencies));
  api.use(integrationsRoutes(dependencies));
  api.use(qaRunnerRoutes(dependencies));
  api.use(reportsRoutes(dependencies));
  api.use(adminUsersRoutes(dependencies));
  api.use(departmentsRoutes(dependencies));
  api.use(budgetsRoutes(dependencies));
  api.use(csvImportsRoutes(dependencies));
  api.use(recallsRoutes(dependencies));
  api.use(expiringStockRoutes(dependencies));
  api.use(adminLocationsRoutes(dependencies));
  api.use(adminStandingOrdersRoutes(dependencies));
  api.use(auditRoutes(dependencies));
  api.use(adminCatalogRoutes(dependencies));
  api.use(settingsRoutes(dependencies));
  api.use(approvalsRoutes(dependencies));
  api.use(approvalPolicyRoutes(dependencies));
  api.use(eventsRoutes(eventHub, openStreams, statWaitingAudience(db, log)));
  api.use(mailboxRoutes(dependencies));
  api.use(apiDocsRoutes(dependencies));
  api.use(apiNotFound);
  app.use('/api', api);

  // The local sandbox supplier speaks cXML for offline approvals: demo mode and tests only.
  if (config.isDemoMode || config.env === 'test') app.use(sandboxSupplierRoutes(dependencies));
  app.use('/media', mediaHosting(storage));
  app.use(BACKEND_DASHBOARD_PATH, dashboard.router);
  if (!config.isDemoMode) app.use(demoMailboxPageNotFound());
  app.use(spaHosting(config.staticRoot, sessionHandlers));
  app.use(errorHandler);
  return { app, apiRouter: api, ...portal };
}

function isJsonAnswer(res: Response): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('application/json');
}

function readVersion(repoRoot: string): string {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'api', 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
