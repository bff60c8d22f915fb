import PQueue from 'p-queue';
import { Router, type ErrorRequestHandler, type RequestHandler, type Response } from 'express';

import { boundedConcurrency } from '../../http/bounded-concurrency.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { buildCxmlResponseXml } from '../supplier/cxml/cxml-response-builder.js';
import {
  MAX_INBOUND_BYTES,
  namesExpectedSender,
  pausedSourceMessage,
  receiveInboundDocument,
  type InboundAnswer,
} from './inbound.service.js';
import { streamedRequestBody } from './inbound-request-body.js';

/**
 * Documents under way at once (their heads arriving: 64 KB each at most), and waiting unread beyond
 * those; of them, documents checked at once (credential, throttle, log, the rest of the body, the
 * worker's read, the transaction). Checks use the database pool, so few run at once, and only once
 * a document's head has arrived: a stranger trickling bytes holds none of them.
 */
const INBOUND_READING = 64;
const INBOUND_MAX_WAITING = 200;
const INBOUND_CHECKING = 4;
const HEAD_TIMEOUT_MS = 10_000;
const BUSY = { code: 503, text: 'Service Unavailable', retryAfterSeconds: 60 } as const;

/**
 * POST /api/cxml/inbound: the documents a supplier sends back. Mounted before the JSON parser,
 * sessions and the cross-site guard: the sender proves itself with the shared secret in the
 * document, and every answer, errors included, is a cXML Response whose code the HTTP status mirrors.
 */
export function inboundCxmlRoutes({ contextFor, now, throttles }: RouteDependencies): Router {
  const router = Router();

  // A paused source is answered before its body is read, and its connection closed, so it costs
  // the portal one read of its counter however much it sends.
  const refusePausedSource: RequestHandler = async (req, res, next) => {
    const message = await pausedSourceMessage(throttles, req.ip, now());
    if (message === null) return next();
    res.setHeader('Connection', 'close');
    sendCxmlAnswer(res, { code: 429, text: 'Too Many Requests', message }, now());
  };

  const checking = new PQueue({ concurrency: INBOUND_CHECKING });
  const admitBoundedNumber = boundedConcurrency({
    concurrency: INBOUND_READING,
    maxWaiting: INBOUND_MAX_WAITING,
    refuse: (res) =>
      sendCxmlAnswer(
        res,
        { ...BUSY, message: 'The portal is receiving many documents; send this one again in a minute' },
        now(),
      ),
  });

  router.post('/cxml/inbound', allow.public(), admitBoundedNumber, refusePausedSource, async (req, res) => {
    const body = streamedRequestBody(req, MAX_INBOUND_BYTES, HEAD_TIMEOUT_MS);
    // The head arrives before a check slot is taken, so a slow sender holds none; a refusal of the
    // body is met again, and answered, by the service.
    const head = await body.head().catch(() => '');
    const ctx = contextFor(req);
    // Documents that name the supplier's identity are checked first, so strangers' documents, however
    // many, do not make the supplier wait; naming it proves nothing, the check that follows does.
    const priority = (await namesExpectedSender(ctx, head)) ? 1 : 0;
    const result = await checking.add(
      () =>
        receiveInboundDocument(ctx, throttles, body, {
          sourceAddress: req.ip,
          contentType: req.get('content-type'),
        }),
      { priority },
    );
    // Refused on its head, a document's rest is never read: the connection goes with the answer.
    if (!req.complete) res.setHeader('Connection', 'close');
    sendCxmlAnswer(res, result, now());
  });

  const answerInCxml: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, _next) => {
    // The body is streamed by the service, which answers its own size and timing refusals; what
    // reaches here is a read that failed before it started.
    if (error.status === 400 || error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
      sendCxmlAnswer(res, { code: 400, text: 'Bad Request', message: 'The body could not be read as text' }, now());
    } else {
      sendCxmlAnswer(
        res,
        {
          code: 500,
          text: 'Internal Server Error',
          message: 'The document could not be processed; send it again later',
        },
        now(),
      );
    }
  };
  router.use('/cxml/inbound', answerInCxml);
  return router;
}

function sendCxmlAnswer(res: Response, result: InboundAnswer, timestamp: Date): void {
  const xml = buildCxmlResponseXml({
    statusCode: result.code,
    statusText: result.text,
    message: result.message,
    timestamp,
  });
  if (result.retryAfterSeconds) res.setHeader('Retry-After', String(result.retryAfterSeconds));
  res.status(result.code).type('text/xml; charset=utf-8').send(xml);
}
