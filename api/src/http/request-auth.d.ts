import 'express-session';

import type { Role } from '../contracts/roles.js';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    authMethod: string;
    createdAt: number;
    lastSeenAt: number;
    /** A shorter absolute lifetime for this session (demo sign-ins last 3600 s). */
    lifetimeMs: number;
    /** Password accepted, second step outstanding: no access until /api/auth/mfa/verify. */
    pendingMfa: { userId: string; email: string; authMethod: string; since: number };
    /** An admin who must set up TOTP before the back office opens. */
    mustEnrollMfa: boolean;
  }
}

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user, set by the session middleware; absent for anonymous requests. */
      auth?: {
        userId: string;
        email: string;
        roles: Role[];
        authMethod: string;
        expiresAt: number;
        mustEnrollMfa: boolean;
      };
      /** Why a session cookie did not yield a user (expired idle or absolute, disabled account). */
      authRejection?: 'expired' | 'disabled';
    }
  }
}
