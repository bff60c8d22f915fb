import { setTimeout as sleep } from 'node:timers/promises';

import express, { Router, type Response } from 'express';
import {
  sandboxControlSchema,
  sandboxOrderListQuerySchema,
  type SandboxFailure,
} from '../../contracts/sandbox-supplier.js';
import { allow } from '../../http/policy.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { buildCxmlResponseXml } from '../supplier/cxml/cxml-response-builder.js';
import { SLOW_ANSWER_MS } from './sandbox-supplier.rules.js';
import { listReceivedOrders, receiveOrderRequest, type SandboxAnswer } from './sandbox-supplier.service.js';
import { shopPage, unknownShopPage } from './sandbox-punchout.pages.js';
import { addToShop, openShopSession, readShop, SANDBOX_SHOP_PATH } from './sandbox-punchout.service.js';

export interface SandboxSupplierOptions {
  /** How long a 'slow' answer waits; tests make it short. Default 35 s. */
  slowAnswerMs?: number;
}

/** When the sandbox's services "were first available" (the DTD wants a date not in the future). */
const SANDBOX_PROFILE_EFFECTIVE_DATE = new Date('2026-01-01T00:00:00Z');
const MALFORMED_BODY = '<?xml version="1.0" encoding="UTF-8"?>\n<cXML payloadID="sandbox"><Response><Status code="200"';
const HTML_ERROR_PAGE =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>' +
  '<body><center><h1>502 Bad Gateway</h1></center><hr><center>sandbox-proxy</center></body></html>\n';

/**
 * The local sandbox supplier (decisions.md, Supplier integration): speaks cXML, checks the punchout
 * credentials and fails on demand (sandbox-supplier.rules.ts). Mounted at the app root, outside
 * /api, in demo mode and tests only. The one-shot failure lives in this router instance.
 */
export function sandboxSupplierRoutes(
  { contextFor, now }: RouteDependencies,
  options: SandboxSupplierOptions = {},
): Router {
  const router = Router();
  const slowAnswerMs = options.slowAnswerMs ?? SLOW_ANSWER_MS;
  let armedFailure: SandboxFailure | null = null;
  const takeArmedFailure = () => {
    const failure = armedFailure;
    armedFailure = null;
    return failure;
  };

  router.post(
    '/sandbox/supplier/cxml',
    allow.public(),
    express.text({ type: ['text/xml', 'application/xml'], limit: '1mb' }),
    async (req, res) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const answer = await receiveOrderRequest(contextFor(req), body, takeArmedFailure);
      const ownUrl = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.baseUrl}${req.path}`;
      await sendAnswer(res, answer, { slowAnswerMs, now, ownUrl });
    },
  );

  // Public and unauthenticated on purpose: the demo's fault drills and tests arm the next failure
  // without signing in. Harmless only because this router exists in demo mode and tests alone
  // (app.ts): a deployment talks to a real supplier and never mounts it (sandbox-supplier.routes.test.ts).
  router.post('/sandbox/supplier/control', allow.public(), express.json({ limit: '1kb' }), (req, res) => {
    armedFailure = sandboxControlSchema.parse(req.body ?? {}).failNext;
    res.json({ failNext: armedFailure });
  });

  // The PunchOut shop (docs/punchout.md): a PunchOutSetupRequest opens a session; its page sells a few items.
  router.post(
    '/sandbox/supplier/punchout/setup',
    allow.public(),
    express.text({ type: ['text/xml', 'application/xml'], limit: '1mb' }),
    async (req, res) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const answer = await openShopSession(
        contextFor(req),
        body,
        `${req.protocol}://${req.get('host') ?? 'localhost'}`,
      );
      res.status(answer.httpStatus).type('text/xml; charset=utf-8').send(answer.xml);
    },
  );

  router.get(`${SANDBOX_SHOP_PATH}/:token`, allow.public(), async (req, res) => {
    const view = await readShop(contextFor(req), String(req.params.token));
    res.setHeader('Cache-Control', 'no-store');
    if (!view) {
      res.status(404).type('html').send(unknownShopPage());
      return;
    }
    res.type('html').send(shopPage(view));
  });

  router.post(
    `${SANDBOX_SHOP_PATH}/:token/cart`,
    allow.public(),
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 5 }),
    async (req, res) => {
      const token = String(req.params.token);
      const form = (req.body ?? {}) as Record<string, unknown>;
      const isKnown = await addToShop(contextFor(req), token, String(form.part ?? ''), Number(form.quantity));
      if (!isKnown) {
        res.status(404).type('html').send(unknownShopPage());
        return;
      }
      res.redirect(303, `${SANDBOX_SHOP_PATH}/${token}`);
    },
  );

  router.get('/sandbox/supplier/orders', allow.public(), async (req, res) => {
    const query = sandboxOrderListQuerySchema.parse(req.query);
    const orders = await listReceivedOrders(contextFor(req), { orderId: query.order_id, limit: query.limit });
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      orders.map((order) => ({
        payload_id: order.payload_id,
        order_id: order.order_id,
        supplier_order_id: order.supplier_order_id,
        response_status: order.response_status,
        deployment_mode: order.deployment_mode,
        created_at: new Date(order.created_at).toISOString(),
      })),
    );
  });
  return router;
}

async function sendAnswer(
  res: Response,
  answer: SandboxAnswer,
  { slowAnswerMs, now, ownUrl }: { slowAnswerMs: number; now: () => Date; ownUrl: string },
): Promise<void> {
  if (answer.kind === 'drop') {
    res.socket?.destroy();
    return;
  }
  if (answer.kind !== 'cxml') {
    const isHtml = answer.kind === 'html';
    res
      .status(isHtml ? 502 : 200)
      .type(isHtml ? 'text/html; charset=utf-8' : 'text/xml; charset=utf-8')
      .send(isHtml ? HTML_ERROR_PAGE : MALFORMED_BODY);
    return;
  }
  if (answer.isSlow && !(await waitUnlessClosed(res, slowAnswerMs))) return;
  const xml = buildCxmlResponseXml({
    statusCode: answer.statusCode,
    statusText: answer.statusText,
    message: answer.message,
    supplierOrderId: answer.supplierOrderId ?? null,
    timestamp: now(),
    ...(answer.isProfile
      ? {
          profile: {
            effectiveDate: SANDBOX_PROFILE_EFFECTIVE_DATE,
            transactions: ['OrderRequest', 'ProfileRequest'].map((requestName) => ({ requestName, url: ownUrl })),
          },
        }
      : {}),
  });
  res.status(answer.httpStatus).type('text/xml; charset=utf-8').send(xml);
}

/** Waits, but stops early when the client hangs up (as the submission client does after 30 s). */
async function waitUnlessClosed(res: Response, ms: number): Promise<boolean> {
  const hangUp = new AbortController();
  const onClose = () => hangUp.abort();
  res.once('close', onClose);
  try {
    await sleep(ms, undefined, { signal: hangUp.signal });
    return true;
  } catch {
    return false;
  } finally {
    res.off('close', onClose);
  }
}
