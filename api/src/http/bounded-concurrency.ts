import type { RequestHandler, Response } from 'express';
import PQueue from 'p-queue';

export interface ConcurrencyBound {
  /** Requests of the route handled at once; the rest wait, their bodies unread. */
  concurrency: number;
  /** Requests that may wait; one more is answered by `refuse` at once. */
  maxWaiting: number;
  refuse: (res: Response) => void;
}

/**
 * A bulkhead for one route: at most `concurrency` of its requests hold the database pool and the
 * server's thread at a time, so a flood of them cannot starve the rest of the portal. A waiting
 * request's body stays in the socket (TCP holds the sender back) until its turn; a slot is held
 * until the response is written or the client has gone.
 */
export function boundedConcurrency({ concurrency, maxWaiting, refuse }: ConcurrencyBound): RequestHandler {
  const queue = new PQueue({ concurrency });
  return (req, res, next) => {
    if (queue.size >= maxWaiting) {
      res.setHeader('Connection', 'close');
      refuse(res);
      return;
    }
    void queue.add(
      () =>
        new Promise<void>((release) => {
          if (req.socket.destroyed) return release();
          // The answer handed to the socket ends the turn: a refused sender may still be sending.
          res.once('finish', () => release());
          res.once('close', () => release());
          next();
        }),
    );
  };
}
