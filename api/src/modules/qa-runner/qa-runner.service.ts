import { randomUUID } from 'node:crypto';

import type { Order } from '../../contracts/order-submission.js';
import type { QaRunResult, QaRunSaved, QaRunnerState } from '../../contracts/qa-runner.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { submitOrder } from '../orders/orders.service.js';
import * as queries from './qa-runner.queries.js';

/** The demo doctor the test order ships to (the approval path needs a requester with an address). */
const DEMO_REQUESTER = 'doctor@demo.supplyhub.test';

function runningAdmin(ctx: ServiceContext): string {
  if (ctx.actor.kind !== 'user') throw new AppError(403, 'FORBIDDEN', 'Admin access required');
  return ctx.actor.userId;
}

/**
 * The QA runner's test order: a pending order for the demo doctor's address, marked as a QA order,
 * attributed to the admin running the test (the audit row names the admin), never in reports.
 */
export async function createQaOrder(ctx: ServiceContext): Promise<Order> {
  const adminId = runningAdmin(ctx);
  const requester = await queries.selectRequester(ctx.db, DEMO_REQUESTER);
  if (!requester) throw AppError.conflict('DEMO_DATA_MISSING', 'The demo accounts are not loaded.');
  const asin = await queries.selectQaProductAsin(ctx.db);
  if (!asin) throw AppError.conflict('CATALOG_EMPTY', 'The catalogue has no active product.');
  const { order } = await submitOrder(
    ctx,
    { userId: requester.id, email: requester.email, roles: requester.roles },
    `qa-runner-${randomUUID()}`,
    { lines: [{ asin, quantity: 1 }] },
    { qaRunBy: adminId },
  );
  return order;
}

/**
 * The end of a run: the admin's QA orders are removed from live data (their lines, integration
 * log links and idempotency keys go with them); the audit trail keeps each one's number.
 */
export async function removeQaOrders(ctx: ServiceContext): Promise<string[]> {
  const adminId = runningAdmin(ctx);
  return ctx.db.transaction(async (trx) => {
    const removed = await queries.deleteQaOrdersOf(trx, adminId);
    for (const order of removed) {
      await recordAudit(
        ctx,
        {
          action: 'qa.order_closed',
          targetType: 'order',
          targetId: order.id,
          details: { order_number: order.order_number },
        },
        trx,
      );
    }
    return removed.map((order) => order.order_number);
  });
}

/** The last saved run (null before the first) and whether this instance can run one. */
export async function readQaRunnerState(ctx: ServiceContext): Promise<QaRunnerState> {
  return { result: await queries.selectQaResult(ctx.db), demo_mode: ctx.config.isDemoMode };
}

/** Saving a run ends it (admin-portal §3): the result is kept in app_kv, then its QA orders are removed. */
export async function saveQaResult(ctx: ServiceContext, result: QaRunResult): Promise<QaRunSaved> {
  await queries.upsertQaResult(ctx.db, result, ctx.now());
  return { result, removed_orders: await removeQaOrders(ctx) };
}
