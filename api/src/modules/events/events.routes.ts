import { Router, type Response } from 'express';

import { allow, notSignedInError } from '../../http/policy.js';
import type { EventHub, HubEvent } from './event-hub.js';

const HEARTBEAT_MS = 25_000;

/** Server-sent events: the signed-in user's own profile and order changes, and catalogue changes. */
export function eventsRoutes(hub: EventHub, openStreams: Set<Response>): Router {
  const router = Router();
  router.get('/events', allow.signedIn(), (req, res) => {
    if (!req.auth) throw notSignedInError(req.authRejection);
    const userId = req.auth.userId;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    const send = (event: HubEvent) => {
      // Profile and order events go to their owner only; catalogue changes to everyone.
      if (event.type === 'company_settings.changed') return;
      if ((event.type === 'profile.updated' || event.type === 'order.updated') && event.user_id !== userId) return;
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const unsubscribe = hub.subscribe(send);
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    openStreams.add(res);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(res);
    });
  });
  return router;
}
