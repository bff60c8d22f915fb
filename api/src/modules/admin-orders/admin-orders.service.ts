import { performance } from 'node:perf_hooks';

import {
  rejectOrderSchema,
  type AdminOrder,
  type AdminOrderFulfilmentFilter,
  type FulfilmentCounts,
  type OrderCounts,
} from '../../contracts/admin-orders.js';
import { displayStatus, orderStatusSchema } from '../../contracts/orders.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { approvalProgressOfOrders } from '../approvals/approval-progress.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyRequester } from '../notifications/order-notifications.service.js';
import { linesByOrderId, serializeOrder, type OrderLineSource, type OrderSource } from '../orders/order.serializer.js';
import { assertTransition } from '../orders/order-status.rules.js';
import * as queries from './admin-orders.queries.js';
import type { OrderRow } from './admin-orders.queries.js';
import * as fulfilmentQueries from './order-fulfilment.queries.js';

export { ADMIN_ORDER_SORTS } from '../../contracts/admin-orders.js';

export const DEFAULT_REJECTION_REASON = 'Rejected by admin';
export type { AdminOrder };

export type AddressSummary = AdminOrder['ship_to_status'];
type FulfilmentSummary = Pick<AdminOrder, 'fulfilment_status' | 'is_overdue' | 'expected_delivery_date'>;

/** A submitted order the supplier has not answered yet; no fulfilment before it was sent. */
function freshFulfilment(status: string): FulfilmentSummary {
  return {
    fulfilment_status: status === 'submitted' ? 'awaiting_confirmation' : null,
    is_overdue: false,
    expected_delivery_date: null,
  };
}

/**
 * One order as the back office shows it: the one order serializer, the displayed status, the
 * requester's address, its approvals and the levels it still waits for, and its fulfilment.
 */
export function toAdminOrder(
  row: OrderSource,
  lines: readonly OrderLineSource[],
  address: AddressSummary,
  approval: AdminOrder['approval'],
  fulfilment: FulfilmentSummary = freshFulfilment(row.status),
): AdminOrder {
  return {
    ...serializeOrder(row, lines),
    status: displayStatus(row.status),
    ship_to_status: address,
    approval,
    over_budget: row.over_budget ?? false,
    over_limit: row.over_limit ?? false,
    order_limit: row.order_limit ?? null,
    ...fulfilment,
  };
}

export async function assembleAdminOrders(ctx: ServiceContext, rows: OrderRow[]): Promise<AdminOrder[]> {
  const orderIds = rows.map((row) => row.id);
  const [lines, addresses, approvals, fulfilments] = await Promise.all([
    queries.selectOrderLines(ctx.db, orderIds),
    queries.selectAddressSummaries(ctx.db, [...new Set(rows.map((row) => row.user_id))]),
    approvalProgressOfOrders(ctx, rows),
    fulfilmentQueries.selectFulfilmentSummaries(
      ctx.db,
      rows.filter((row) => row.status === 'submitted').map((row) => row.id),
      ctx.now(),
    ),
  ]);
  const linesByOrder = linesByOrderId(lines);
  const fulfilmentByOrder = new Map(fulfilments.map((summary) => [summary.order_id, summary]));
  const none = { approvals: [], waiting_for: [] };
  return rows.map((row) => {
    const summary = fulfilmentByOrder.get(row.id);
    return toAdminOrder(
      row,
      linesByOrder.get(row.id) ?? [],
      addresses.get(row.user_id) ?? null,
      approvals.get(row.id) ?? none,
      summary
        ? {
            fulfilment_status: summary.fulfilment_status,
            is_overdue: summary.is_overdue,
            expected_delivery_date: summary.expected_delivery_date?.toISOString() ?? null,
          }
        : freshFulfilment(row.status),
    );
  });
}

/** A page of GET /api/admin/orders; the fulfilment filter and column come from one set-based query each. */
export async function listAdminOrders(
  ctx: ServiceContext,
  options: Omit<Parameters<typeof queries.selectOrdersPage>[1], 'now'>,
) {
  const filter = { ...options.filter, default_supplier_identity: ctx.config.supplier.identity };
  const { rows, total } = await queries.selectOrdersPage(ctx.db, { ...options, filter, now: ctx.now() });
  return { rows: await assembleAdminOrders(ctx, rows), total };
}

/** The tab counts (All Orders and each status) within the department, fulfilment and level filters, and the departments. */
export async function countAdminOrders(
  ctx: ServiceContext,
  filter: { department?: string; fulfilment?: AdminOrderFulfilmentFilter; approval_level?: number },
): Promise<OrderCounts> {
  const [byStatus, departments] = await Promise.all([
    queries.countOrdersByStatus(ctx.db, filter, ctx.now()),
    queries.selectDepartments(ctx.db),
  ]);
  const all = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return {
    all,
    ...Object.fromEntries(orderStatusSchema.options.map((status) => [status, byStatus[status] ?? 0])),
    departments,
  } as OrderCounts;
}

/** The dashboard's fulfilment counts: backordered lines, orders awaiting receipt, partially received, overdue. */
export function countFulfilment(ctx: ServiceContext): Promise<FulfilmentCounts> {
  return fulfilmentQueries.countFulfilment(ctx.db, ctx.now());
}

export async function getAdminOrder(ctx: ServiceContext, id: string): Promise<AdminOrder> {
  const [row] = await queries.selectOrders(ctx.db, { orderId: id, limit: 1 });
  if (!row) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  const [order] = await assembleAdminOrders(ctx, [row]);
  if (!order) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  return order;
}

/** pending → rejected, with the reason (default 'Rejected by admin'), who and when; nothing else. */
export async function rejectOrder(ctx: ServiceContext, id: string, rawInput: unknown): Promise<AdminOrder> {
  const input = rejectOrderSchema.parse(rawInput ?? {});
  const reason = input.reason || DEFAULT_REJECTION_REASON;
  await ctx.db.transaction((trx) => rejectPendingOrder(ctx, trx, id, reason));
  await notifyRequester(ctx, id, 'rejected');
  return getAdminOrder(ctx, id);
}

/**
 * The rejection itself, in the caller's transaction (an approver rejecting an order's every line
 * rejects it the same way); the caller tells the requester once it commits.
 */
export async function rejectPendingOrder(ctx: ServiceContext, trx: Db, id: string, reason: string): Promise<void> {
  const status = await queries.selectOrderStatusForUpdate(trx, id);
  if (!status) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  assertTransition(status, 'rejected');
  await queries.updateOrderRejected(trx, id, {
    reason,
    rejectedBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
    now: ctx.now(),
  });
  await recordAudit(
    ctx,
    { action: 'order.reject', targetType: 'order', targetId: id, details: { reason, from: status } },
    trx,
  );
}

/**
 * Recomputes every order's kept fulfilment from the supplier's documents and the receipts (after a
 * bulk load that bypassed the triggers, or to check them: `orders_corrected` says how many were off).
 */
export async function rebuildKeptFulfilment(
  ctx: ServiceContext,
): Promise<{ orders_corrected: number; duration_ms: number }> {
  const startedAt = performance.now();
  const ordersCorrected = await ctx.db.transaction(async (trx) => {
    const corrected = await fulfilmentQueries.rebuildKeptFulfilment(trx);
    await recordAudit(
      ctx,
      { action: 'order.fulfilment_rebuild', targetType: 'order', details: { orders_corrected: corrected } },
      trx,
    );
    return corrected;
  });
  const result = { orders_corrected: ordersCorrected, duration_ms: Math.round(performance.now() - startedAt) };
  ctx.log.info(result, 'kept order fulfilment rebuilt');
  return result;
}
