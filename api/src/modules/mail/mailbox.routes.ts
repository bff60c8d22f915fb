import { Router } from 'express';

import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { readDemoMailbox, summarizeOutbox } from './mailbox.service.js';

/** The demo mailbox (demo mode only) and the back office's count of undelivered mail. */
export function mailboxRoutes({ contextFor }: RouteDependencies): Router {
  const router = Router();
  router.get('/demo/mailbox', allow.public(), async (req, res) => {
    res.json(await readDemoMailbox(contextFor(req), req.query));
  });
  router.get('/admin/mail/outbox', allow.roles('admin'), async (req, res) => {
    res.json(await summarizeOutbox(contextFor(req)));
  });
  return router;
}

/** The storefront's /demo/mailbox page outside demo mode: not found, as its API answers. */
export function demoMailboxPageNotFound(): Router {
  const router = Router();
  router.get(['/demo/mailbox', '/demo/mailbox/'], (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return router;
}
