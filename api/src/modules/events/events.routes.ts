import { Router, type Response } from 'express';

import { canReceiveAnyOrder, type Role } from '../../contracts/roles.js';
import { AppError } from '../../http/app-error.js';
import { allow, notSignedInError } from '../../http/policy.js';
import type { EventHub, HubEvent } from './event-hub.js';

const HEARTBEAT_MS = 25_000;
/**
 * Each stream holds a connection and a listener for as long as the tab is open: one account held
 * 1,000. A browser needs one per tab (storefront and back office), so a few per session is ample,
 * and a few sessions' worth per account. Past either, the new stream is refused with 429 — an
 * EventSource does not retry a refusal, where closing the oldest would set the tabs reconnecting
 * in turn. Counted per instance, where the connections are held.
 */
export const MAX_STREAMS_PER_SESSION = 5;
export const MAX_STREAMS_PER_USER = 20;

/** Whether a user may approve the level a STAT order waits at (the approvals module decides). */
export type StatWaitingAudience = (
  event: { order_id: string; level: number },
  user: { id: string; roles: readonly Role[] },
) => Promise<boolean>;

function countIn(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/**
 * Server-sent events: the signed-in user's own profile and order changes, catalogue changes, and the
 * STAT orders waiting at a level the user may approve.
 */
export function eventsRoutes(
  hub: EventHub,
  openStreams: Set<Response>,
  mayHearStatWaiting: StatWaitingAudience,
): Router {
  const router = Router();
  const bySession = new Map<string, number>();
  const byUser = new Map<string, number>();
  router.get('/events', allow.signedIn(), (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const { userId, roles } = req.auth;
    // Logistics admins and admins receive anyone's sent order: every order's changes reach them.
    const isReceivingForAll = canReceiveAnyOrder(req.auth.roles);
    const sessionId = req.sessionID;
    if (
      (bySession.get(sessionId) ?? 0) >= MAX_STREAMS_PER_SESSION ||
      (byUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER
    ) {
      throw new AppError(
        429,
        'TOO_MANY_STREAMS',
        `Too many live update streams are open (at most ${MAX_STREAMS_PER_SESSION} per sign-in); close another tab of the portal and reload this one`,
      );
    }
    countIn(bySession, sessionId, 1);
    countIn(byUser, userId, 1);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    const write = (event: HubEvent) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    const send = (event: HubEvent) => {
      // Profile and order events go to their owner only (orders also to those who receive for all); catalogue changes to everyone.
      if (event.type === 'company_settings.changed') return;
      if (event.type === 'profile.updated' && event.user_id !== userId) return;
      if (event.type === 'order.updated' && event.user_id !== userId && !isReceivingForAll) return;
      if (event.type === 'order.stat_waiting') {
        void mayHearStatWaiting(event, { id: userId, roles }).then((isApprover) => {
          if (isApprover && !res.writableEnded) write(event);
        });
        return;
      }
      write(event);
    };
    const unsubscribe = hub.subscribe(send);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    openStreams.add(res);
    req.on('close', () => {
      countIn(bySession, sessionId, -1);
      countIn(byUser, userId, -1);
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(res);
    });
  });
  return router;
}
