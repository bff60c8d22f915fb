import type { ServiceContext } from '../../context.js';
import * as queries from './session-cleanup.queries.js';

/** Deletes expired sessions, password-reset tokens and consumed SAML assertion ids. */
export function deleteExpiredAuthRecords(ctx: Pick<ServiceContext, 'db' | 'now'>) {
  return queries.deleteExpiredAuthRecords(ctx.db, ctx.now());
}
