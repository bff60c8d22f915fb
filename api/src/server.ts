import type { IncomingMessage, Server, ServerResponse } from 'node:http';

import { createPortal, type Portal } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { SYSTEM_ACTOR, type ServiceContext } from './context.js';
import { EmbeddedDatabaseError } from './database/embedded-postgres.js';
import { DatabaseUnavailableError, openDatabase, type OpenDatabase } from './database/open-database.js';
import { openReportsReader } from './database/reports-reader.js';
import { JOBS } from './jobs/registry.js';
import { startJobScheduler, type JobScheduler } from './jobs/scheduler.js';
import { createLogger, type Logger } from './logger.js';
import { ensureDemoLocations } from './modules/demo/demo-locations.service.js';
import { ensureDemoExpiringLots } from './modules/demo/demo-lots.service.js';
import { ensureDemoPunchoutSettings } from './modules/demo/demo-punchout.service.js';
import { readDemoData, seedDemoData } from './modules/demo/demo.service.js';
import { recordServerPublicUrl } from './modules/mail/public-url.service.js';

const SHUTDOWN_GRACE_MS = 20_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log, { owner: 'server' });
  // Without its database the server cannot answer anything: it exits for its supervisor (or the
  // operator) to start it again, rather than linger answering 500s.
  database.onDatabaseLost((pid) => {
    log.error({ pid }, 'embedded PostgreSQL stopped unexpectedly; exiting');
    process.stderr.write(
      `supply-hub: The embedded PostgreSQL (pid ${pid}) stopped unexpectedly — exiting so the server can be started again\n`,
    );
    process.exit(1);
  });
  const ctx: ServiceContext = { db: database.db, config, log, now: () => new Date(), actor: SYSTEM_ACTOR };

  let scheduler: JobScheduler | undefined;
  if (config.areJobsEnabled) {
    scheduler = startJobScheduler(
      ctx,
      JOBS.filter((job) => job.isEnabledFor?.(config) ?? true),
    );
    await scheduler.startupRuns;
  }
  if (config.isDemoMode) {
    await seedDemoData(ctx);
    await ensureDemoLocations(ctx);
    await ensureDemoExpiringLots(ctx);
    await ensureDemoPunchoutSettings(ctx);
  }

  // A second pool only with REPORTS_DATABASE_URL; a replica that is down never stops the server.
  const reports = openReportsReader(config, database.db, log);
  const portal = createPortal({ db: database.db, config, log, reports });
  const server = await listen(portal.app, config).catch(async (error: unknown) => {
    await portal.close();
    await scheduler?.stop();
    await reports.close();
    await database.close();
    throw error;
  });
  portal.followSharedChanges();
  // CLI commands run on this database link their mails here too (modules/mail/public-url).
  await recordServerPublicUrl(database.db, config.publicUrl, new Date()).catch((error: unknown) =>
    log.warn({ error: String(error) }, 'public URL not recorded for CLI mails'),
  );
  // Installed as soon as it listens: a SIGTERM right after the first healthy answer is graceful too.
  installShutdown(server, log, portal.endStreams, database.markStopping, async () => {
    await scheduler?.stop();
    await portal.close();
    await reports.close();
    await database.close();
  });
  await printBanner(ctx, database);
}

/**
 * An idle keep-alive connection is kept 65 s, longer than the 60 s a load balancer (or an HTTP
 * client pool) keeps it: with Node's default 5 s the server closed connections the other side was
 * about to reuse, and that request failed with a reset (seen in a browser test's API call).
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function listen(app: Portal['app'], config: AppConfig): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(config.port, config.host);
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Above keepAliveTimeout, as Node requires for the header timer not to cut a reused connection.
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    server.once('listening', () => resolve(server));
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Port ${config.port} on ${config.host} is already in use — stop the other process or set PORT`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(new StartupError(`Not allowed to listen on ${config.host}:${config.port} — choose a PORT above 1024`));
      } else reject(error);
    });
  });
}

async function printBanner(ctx: ServiceContext, database: OpenDatabase): Promise<void> {
  const lines = [
    '',
    `  Supply Hub is running at ${ctx.config.publicUrl}`,
    `  Back office: ${ctx.config.publicUrl}/admin    Health: ${ctx.config.publicUrl}/api/health`,
    `  Database: ${database.description}`,
  ];
  if (ctx.config.isDemoMode) {
    const demo = await readDemoData(ctx);
    lines.push('', `  Demo mode — every demo account uses the password ${demo.password}`);
    for (const user of demo.users) {
      lines.push(
        `    ${user.roles.join(', ').padEnd(16)} ${user.email}${user.approved ? '' : '  (awaiting approval)'}`,
      );
    }
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, stop jobs and the database, exit 0. */
function installShutdown(
  server: Server,
  log: Logger,
  endStreams: () => void,
  markStopping: () => void,
  releaseResources: () => Promise<void>,
): void {
  let isShuttingDown = false;
  // Keep-alive clients (a load balancer) would otherwise keep the server busy until the grace
  // period ends: every response not yet under way at the signal says Connection: close, and a
  // connection whose last response finishes during shutdown is closed at once.
  const unanswered = new Set<ServerResponse>();
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (isShuttingDown) res.setHeader('Connection', 'close');
    else unanswered.add(res);
    res.once('close', () => {
      unanswered.delete(res);
      if (isShuttingDown) setImmediate(() => server.closeIdleConnections());
    });
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    markStopping();
    log.info({ signal }, 'shutting down');
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      releaseResources()
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          log.error({ error: String(error) }, 'error while releasing resources');
          process.exit(1);
        });
    });
    endStreams();
    // An event stream reopened over a kept-alive connection after the signal is ended too.
    setInterval(endStreams, 1000).unref();
    server.closeIdleConnections();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

class StartupError extends Error {}

main().catch((error: unknown) => {
  const isExpected =
    error instanceof ConfigError ||
    error instanceof StartupError ||
    error instanceof EmbeddedDatabaseError ||
    error instanceof DatabaseUnavailableError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`supply-hub: ${isExpected ? message : `failed to start: ${message}`}\n`);
  process.exit(1);
});
