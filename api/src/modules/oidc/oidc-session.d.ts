import 'express-session';

import type { PendingOidcSignIn } from './oidc.service.js';

declare module 'express-session' {
  interface SessionData {
    /** A social sign-in under way: checked and cleared, once, at the callback. */
    oidc: PendingOidcSignIn;
  }
}
