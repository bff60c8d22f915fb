import { z } from 'zod';

import type { Order } from '../../contracts/order-submission.js';
import { displayStatus } from '../../contracts/orders.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyRequester } from '../notifications/order-notifications.service.js';
import { linesByOrderId, serializeOrder, type OrderLineSource, type OrderSource } from '../orders/order.serializer.js';
import { assertTransition } from '../orders/order-status.rules.js';
import * as queries from './admin-orders.queries.js';
import type { AdminOrderFilter, OrderRow } from './admin-orders.queries.js';

export { ADMIN_ORDER_SORTS } from './admin-orders.queries.js';

export const DEFAULT_REJECTION_REASON = 'Rejected by admin';
export const rejectOrderSchema = z.object({ reason: z.string().trim().max(1000).nullish() });

export type AdminOrder = Order & {
  ship_to_status: { city: string; state: string; postal_code: string; full_name: string } | null;
};

export type AddressSummary = AdminOrder['ship_to_status'];

/** One order as the back office shows it: the one order serializer, the displayed status, the requester's address. */
export function toAdminOrder(row: OrderSource, lines: readonly OrderLineSource[], address: AddressSummary): AdminOrder {
  return { ...serializeOrder(row, lines), status: displayStatus(row.status), ship_to_status: address };
}

export async function assembleAdminOrders(ctx: ServiceContext, rows: OrderRow[]): Promise<AdminOrder[]> {
  const [lines, addresses] = await Promise.all([
    queries.selectOrderLines(
      ctx.db,
      rows.map((row) => row.id),
    ),
    queries.selectAddressSummaries(ctx.db, [...new Set(rows.map((row) => row.user_id))]),
  ]);
  const linesByOrder = linesByOrderId(lines);
  return rows.map((row) => toAdminOrder(row, linesByOrder.get(row.id) ?? [], addresses.get(row.user_id) ?? null));
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
  await ctx.db.transaction(async (trx) => {
    const order = await queries.selectOrderStatusForUpdate(trx, id);
    if (!order) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    assertTransition(order.status, 'rejected');
    await queries.updateOrderRejected(trx, id, {
      reason,
      rejectedBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      now: ctx.now(),
    });
    await recordAudit(
      ctx,
      { action: 'order.reject', targetType: 'order', targetId: id, details: { reason, from: order.status } },
      trx,
    );
  });
  await notifyRequester(ctx, id, 'rejected');
  return getAdminOrder(ctx, id);
}

/** One page of the admin order list, each order with its lines and address summary. */
export async function listAdminOrders(
  ctx: ServiceContext,
  options: Parameters<typeof queries.selectOrdersPage>[1],
): Promise<{ rows: AdminOrder[]; total: number }> {
  const { rows, total } = await queries.selectOrdersPage(ctx.db, options);
  return { rows: await assembleAdminOrders(ctx, rows), total };
}

/** Orders per status within the department filter, and every department (the tabs). */
export async function countAdminOrders(
  ctx: ServiceContext,
  filter: Omit<AdminOrderFilter, 'status'>,
): Promise<{ byStatus: Record<string, number>; departments: string[] }> {
  const [byStatus, departments] = await Promise.all([
    queries.countOrdersByStatus(ctx.db, filter),
    queries.selectDepartments(ctx.db),
  ]);
  return { byStatus, departments };
}
