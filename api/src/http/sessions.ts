import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import pg from 'pg';

import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { connectionStringOf, type Db } from '../database/connection.js';
import { evaluateSession } from '../modules/auth/session-policy.rules.js';
import { insertAuditEvent } from '../modules/audit/audit.queries.js';
import { selectSessionUser } from '../modules/auth/auth.queries.js';

export const SESSION_COOKIE = 'supply_hub.sid';

/**
 * Server-side sessions in PostgreSQL (connect-pg-simple). The row expires at the absolute lifetime;
 * the idle clock lives in the session and is written at most once a minute.
 */
export function sessionMiddleware(
  db: Db,
  config: AppConfig,
  log: Logger,
): { handler: RequestHandler; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: connectionStringOf(db), max: 5, allowExitOnIdle: true });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (error) => log.warn({ error: error.message }, 'session store connection lost'));
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    disableTouch: true,
    pruneSessionInterval: false,
  });
  const handler = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'destroy',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
      maxAge: config.session.absoluteLifetimeMs,
      path: '/',
    },
  });
  return { handler, close: () => pool.end() };
}

/** Resolves the session to a signed-in user (or none), enforcing the idle and absolute limits. */
export function currentUser(db: Db, config: AppConfig, now: () => Date): RequestHandler {
  return async (req, _res, next) => {
    const { userId, createdAt, lastSeenAt, authMethod, lifetimeMs } = req.session ?? {};
    if (!userId || createdAt === undefined || lastSeenAt === undefined) return next();
    const limits = { ...config.session, absoluteLifetimeMs: lifetimeMs ?? config.session.absoluteLifetimeMs };
    const state = evaluateSession({ createdAt, lastSeenAt }, limits, now().getTime());
    if (!state.isValid) {
      req.authRejection = 'expired';
      await destroySession(req);
      await insertAuditEvent(db, {
        actorUserId: userId,
        actorLabel: 'system',
        action: 'auth.session_timeout',
        targetType: 'user',
        targetId: userId,
        clientAddress: req.ip,
        requestId: String(req.id),
        details: { reason: state.reason },
      });
      return next();
    }
    const user = await selectSessionUser(db, userId);
    if (!user || user.status !== 'active') {
      req.authRejection = 'disabled';
      await destroySession(req);
      return next();
    }
    if (state.shouldTouch) req.session.lastSeenAt = now().getTime();
    req.auth = {
      userId,
      email: user.email,
      roles: user.roles,
      authMethod: authMethod ?? 'password',
      expiresAt: state.expiresAt,
      mustEnrollMfa: req.session.mustEnrollMfa === true,
    };
    next();
  };
}

export function destroySession(req: Parameters<RequestHandler>[0]): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.destroy((error: unknown) => (error ? reject(error as Error) : resolve())),
  );
}

export function regenerateSession(req: Parameters<RequestHandler>[0]): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((error: unknown) => (error ? reject(error as Error) : resolve())),
  );
}

export function saveSession(req: Parameters<RequestHandler>[0]): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((error: unknown) => (error ? reject(error as Error) : resolve())),
  );
}

/** A fresh session id at every sign-in (no fixation), with both clocks started. */
export async function startUserSession(
  req: Parameters<RequestHandler>[0],
  user: { userId: string },
  authMethod: string,
  now: Date,
  options: { mustEnrollMfa?: boolean; lifetimeMs?: number } = {},
): Promise<void> {
  await regenerateSession(req);
  const startedAt = now.getTime();
  Object.assign(req.session, { userId: user.userId, authMethod, createdAt: startedAt, lastSeenAt: startedAt });
  if (options.mustEnrollMfa) req.session.mustEnrollMfa = true;
  if (options.lifetimeMs !== undefined) {
    req.session.lifetimeMs = options.lifetimeMs;
    req.session.cookie.maxAge = options.lifetimeMs;
  }
  await saveSession(req);
}
