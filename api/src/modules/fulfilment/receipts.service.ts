import {
  RECEIPT_NOT_SHIPPED,
  RECEIPT_REJECTED_BY_SUPPLIER,
  receiptRequestSchema,
  type ReceiveInFullRequest,
  RECEIPT_SHORT_SHELF_LIFE,
  type OrderFulfilment,
  type ReceiptRequest,
} from '../../contracts/fulfilment.js';
import { notShippedQuestion } from '../../contracts/receipt-text.rules.js';
import { canReceiveAnyOrder, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { rematchInvoicesAfterReceipt, sendInvoiceStatusUpdate } from '../invoices/invoices.service.js';
import { localDate } from '../standing-orders/standing-order-schedule.rules.js';
import { readOrderFulfilment } from './fulfilment.service.js';
import { findQuantityBreach, lineQuantitiesOf, quantityBreachText } from './line-quantities.rules.js';
import * as queries from './receipts.queries.js';
import { checkReceipt, inFullReceiptOf } from './receipts.rules.js';
import { findShortShelfLife, shortShelfLifeMessage } from './shelf-life.rules.js';

const ORDER_NOT_FOUND = () => AppError.notFound('Order not found', 'ORDER_NOT_FOUND');

/**
 * Records what arrived on the ward: per line, with condition, note and lot. The requester, logistics
 * administrators and administrators may receive; for anyone else another user's order
 * is answered like a missing one. The timeline event names who received. Receiving before
 * a ship notice is allowed (suppliers forget them); receiving more than was ordered is not (422),
 * nor more than the supplier's confirmations in force left unrejected (409). The order is locked
 * like the supplier's documents lock it, so neither two people receiving at once nor a receipt and
 * a rejection arriving together can exceed it. Invoices waiting on these goods are matched again
 * against what has now arrived. A lot expiring within its item's minimum remaining
 * shelf life is refused with 409 unless the request confirms it; confirmed, its lines
 * are marked, the timeline event says so and the audit log records who accepted it.
 */
export async function receiveOrder(
  ctx: ServiceContext,
  caller: Caller,
  orderId: string,
  receipt: ReceiptRequest,
): Promise<OrderFulfilment> {
  const statusUpdateIds = await ctx.db.transaction(async (trx) => {
    const order = await lockOrderToReceive(trx, caller, orderId);
    return recordReceipt(ctx, trx, caller, order, receipt);
  });
  for (const id of statusUpdateIds) await sendInvoiceStatusUpdate(ctx, id);
  return (await readOrderFulfilment(ctx.db, orderId, ctx.now()))!;
}

/**
 * "Received in full": receives, in good condition, what the ship notices shipped and is not yet
 * received. Units not shipped yet (backordered, or never on a ship notice) are received only when
 * the request includes them: the ward is asked first, since recording them says they arrived. When
 * only such units remain and they are not included, answers 409 RECEIPT_NOT_SHIPPED naming them.
 */
export async function receiveOrderInFull(
  ctx: ServiceContext,
  caller: Caller,
  orderId: string,
  request: ReceiveInFullRequest,
): Promise<OrderFulfilment> {
  const statusUpdateIds = await ctx.db.transaction(async (trx) => {
    const order = await lockOrderToReceive(trx, caller, orderId);
    const fulfilment = await readOrderFulfilment(trx, orderId, ctx.now());
    const { lines, notShipped } = inFullReceiptOf(fulfilment?.lines ?? [], request.include_not_shipped);
    if (lines.length === 0 && notShipped.length > 0) {
      throw new AppError(409, RECEIPT_NOT_SHIPPED, notShippedQuestion(notShipped), undefined, {
        not_shipped: notShipped,
      });
    }
    if (lines.length === 0) {
      throw AppError.conflict('ORDER_RECEIVED', 'Everything on this order has been received already.');
    }
    const receipt = receiptRequestSchema.parse({ lines });
    return recordReceipt(ctx, trx, caller, order, receipt);
  });
  for (const id of statusUpdateIds) await sendInvoiceStatusUpdate(ctx, id);
  return (await readOrderFulfilment(ctx.db, orderId, ctx.now()))!;
}

type Caller = { userId: string; email: string; roles: readonly Role[] };

/** Locks the order for receiving; another user's order is answered like a missing one. */
async function lockOrderToReceive(trx: Db, caller: Caller, orderId: string) {
  const order = await queries.selectOrderForReceipt(trx, orderId);
  if (!order || (order.user_id !== caller.userId && !canReceiveAnyOrder(caller.roles))) throw ORDER_NOT_FOUND();
  if (order.status !== 'submitted') {
    throw AppError.conflict('ORDER_NOT_SENT', 'Only an order sent to the supplier can be received.');
  }
  return order;
}

/** Checks and records a receipt on a locked order; answers the invoices whose status changed. */
async function recordReceipt(
  ctx: ServiceContext,
  trx: Db,
  caller: Caller,
  order: { id: string; order_number: string },
  receipt: ReceiptRequest,
) {
  const orderId = order.id;
  const [lines, received] = await Promise.all([
    queries.selectOrderedQuantities(trx, orderId),
    queries.selectReceivedQuantities(trx, orderId),
  ]);
  const problem = checkReceipt(receipt, lines, received);
  if (problem) throw new AppError(422, problem.code, problem.message, problem.errors);
  const [orderLines, confirmations] = await Promise.all([
    queries.selectOrderLines(trx, orderId),
    queries.selectConfirmationsInForce(trx, orderId),
  ]);
  const receipts = [...received].map(([line_number, quantity]) => ({ line_number, quantity }));
  const quantities = (adding: ReceiptRequest['lines']) =>
    lineQuantitiesOf({ lines: orderLines, confirmations, shipments: [], receipts: [...receipts, ...adding] });
  const breach = findQuantityBreach(quantities(receipt.lines), ['received'], quantities([]));
  if (breach) {
    throw AppError.conflict(RECEIPT_REJECTED_BY_SUPPLIER, `${quantityBreachText(breach, order.order_number)}.`);
  }
  const [shelfLives, timezone] = await Promise.all([
    queries.selectLineShelfLives(trx, orderId),
    queries.selectCompanyTimezone(trx),
  ]);
  const shortShelfLife = findShortShelfLife(receipt.lines, shelfLives, localDate(ctx.now(), timezone));
  if (shortShelfLife.length > 0 && receipt.confirm_short_shelf_life !== true) {
    throw new AppError(409, RECEIPT_SHORT_SHELF_LIFE, shortShelfLifeMessage(shortShelfLife), undefined, {
      short_shelf_life: shortShelfLife,
    });
  }
  await queries.insertReceipt(trx, {
    orderId,
    receivedBy: caller.userId,
    receivedByLabel: caller.email,
    lines: receipt.lines,
    shortShelfLife,
    now: ctx.now(),
  });
  if (shortShelfLife.length > 0) {
    await recordAudit(
      ctx,
      {
        action: 'order.receive_short_dated',
        targetType: 'order',
        targetId: orderId,
        details: { lines: shortShelfLife.map(({ index: _index, ...line }) => line) },
      },
      trx,
    );
  }
  return rematchInvoicesAfterReceipt(ctx, trx, orderId);
}
