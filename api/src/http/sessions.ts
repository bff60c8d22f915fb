import type { Request, RequestHandler } from 'express';
import session, { Store, type SessionData } from 'express-session';
import pg from 'pg';

import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { connectionStringOf, type Db } from '../database/connection.js';
import { statementName } from '../database/prepared.js';
import { evaluateSession } from '../modules/auth/session-policy.rules.js';
import { recordAuditEvent } from '../modules/audit/audit.service.js';
import { readSessionUser, type SessionUser } from '../modules/auth/auth.service.js';

export const SESSION_COOKIE = 'supply_hub.sid';

const ONE_DAY_MS = 86_400_000;
/** The account read with the session row; a Symbol, so it is neither copied into req.session nor stored. */
const LOADED_USER = Symbol('loaded session user');
type LoadedUser = { userId: string; user: SessionUser | undefined };
const loadedUsers = new WeakMap<object, LoadedUser>();

// Every authenticated request runs it: prepared, so PostgreSQL plans it once per connection.
const SESSION_QUERY = `SELECT s.sess, u.id AS user_id, u.email, u.status,
         coalesce((SELECT array_agg(r.role ORDER BY r.created_at) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles
  FROM sessions s LEFT JOIN users u ON u.id = (s.sess->>'userId')::uuid
  WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;
const SESSION_QUERY_NAME = statementName(SESSION_QUERY);

/**
 * Sessions in the `sessions` table (sid, sess, expire). Reading a session
 * also reads its account and roles in the same statement, so an authenticated request costs one
 * round trip before its own work; currentUser() takes the account from there.
 */
class PgSessionStore extends Store {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.pool
      .query<{ sess: SessionData; user_id: string | null } & Omit<SessionUser, 'id'>>({
        name: SESSION_QUERY_NAME,
        text: SESSION_QUERY,
        values: [sid, Date.now() / 1000],
      })
      .then(({ rows: [row] }) => {
        if (!row) return callback(null, null);
        const { sess, user_id: userId, email, status, roles } = row;
        if (sess.userId) {
          const user = userId ? { id: userId, email, status, roles } : undefined;
          Object.assign(sess, { [LOADED_USER]: { userId: sess.userId, user } satisfies LoadedUser });
        }
        callback(null, sess);
      }, callback);
  }

  override set(sid: string, sess: SessionData, callback?: (error?: unknown) => void): void {
    const expires = sess.cookie.expires ? new Date(sess.cookie.expires).getTime() : Date.now() + ONE_DAY_MS;
    this.pool
      .query(
        `INSERT INTO sessions (sess, expire, sid) VALUES ($1, to_timestamp($2), $3)
         ON CONFLICT (sid) DO UPDATE SET sess = $1, expire = to_timestamp($2)`,
        [sess, Math.ceil(expires / 1000), sid],
      )
      .then(() => callback?.(), callback);
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.pool.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(() => callback?.(), callback);
  }

  /** The row expires at the absolute lifetime; the idle clock lives in the session itself. */
  override touch(_sid: string, _sess: SessionData, callback?: () => void): void {
    callback?.();
  }

  override createSession(req: Request, sess: SessionData): session.Session & SessionData {
    const loaded = (sess as { [LOADED_USER]?: LoadedUser })[LOADED_USER];
    if (loaded) loadedUsers.set(req, loaded);
    return super.createSession(req, sess);
  }
}

/**
 * Server-side sessions in PostgreSQL. The row expires at the absolute lifetime; the idle clock lives
 * in the session and is written at most once a minute.
 */
export function sessionMiddleware(
  db: Db,
  config: AppConfig,
  log: Logger,
): { handler: RequestHandler; close(): Promise<void> } {
  // Every authenticated request starts here: enough connections that 50 concurrent clients do not queue.
  const pool = new pg.Pool({ connectionString: connectionStringOf(db), max: 10, allowExitOnIdle: true });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (error) => log.warn({ error: error.message }, 'session store connection lost'));
  const handler = session({
    name: SESSION_COOKIE,
    secret: config.sessionSecret,
    store: new PgSessionStore(pool),
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
      await recordAuditEvent(db, {
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
    // Read with the session row; a session changed since (sign-in in this request) reads it again.
    const loaded = loadedUsers.get(req);
    const user = loaded?.userId === userId ? loaded.user : await readSessionUser({ db }, userId);
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
