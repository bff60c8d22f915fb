import { rejectOrderSchema, type AdminOrder, type OrderCounts } from '../../contracts/admin-orders.js';
import { requesterDisplayName } from '../../contracts/order-submission.js';
import { displayStatus, orderStatusSchema } from '../../contracts/orders.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyRequester } from '../notifications/order-notifications.service.js';
import { selectOrderLines, selectOrders, type OrderLineRow, type OrderRow } from '../orders/orders.queries.js';
import { assertTransition } from '../orders/order-status.rules.js';
import * as queries from './admin-orders.queries.js';

export const DEFAULT_REJECTION_REASON = 'Rejected by admin';
export type { AdminOrder };

export type AdminOrderLine = Omit<OrderLineRow, 'order_id'>;
export type AddressSummary = AdminOrder['ship_to_status'];

/** One order as the back office shows it, from its row, its lines and the requester's address. */
export function toAdminOrder(row: OrderRow, lines: readonly AdminOrderLine[], address: AddressSummary): AdminOrder {
  return {
    id: row.id,
    order_number: row.order_number,
    display_seq: row.display_seq,
    user_id: row.user_id,
    user_email: row.user_email,
    requester_name: requesterDisplayName({ ...row, email: row.user_email }),
    status: displayStatus(row.status),
    rejection_reason: row.rejection_reason,
    total_amount: row.total_amount,
    notes: row.notes,
    delivery_location: row.delivery_location,
    priority: row.priority,
    created_at: row.created_at.toISOString(),
    lines: [...lines],
    ship_to_status: address,
  };
}

export async function assembleAdminOrders(ctx: ServiceContext, rows: OrderRow[]): Promise<AdminOrder[]> {
  const [lines, addresses] = await Promise.all([
    selectOrderLines(
      ctx.db,
      rows.map((row) => row.id),
    ),
    queries.selectAddressSummaries(ctx.db, [...new Set(rows.map((row) => row.user_id))]),
  ]);
  const linesByOrder = new Map<string, AdminOrderLine[]>();
  for (const { order_id: orderId, ...line } of lines)
    linesByOrder.set(orderId, [...(linesByOrder.get(orderId) ?? []), line]);
  return rows.map((row) => toAdminOrder(row, linesByOrder.get(row.id) ?? [], addresses.get(row.user_id) ?? null));
}

/** A page of GET /api/admin/orders. */
export async function listAdminOrders(ctx: ServiceContext, options: Parameters<typeof queries.selectOrdersPage>[1]) {
  const { rows, total } = await queries.selectOrdersPage(ctx.db, options);
  return { rows: await assembleAdminOrders(ctx, rows), total };
}

/** The tab counts (All Orders and each status) within the department filter, and the departments. */
export async function countAdminOrders(ctx: ServiceContext, department: string | undefined): Promise<OrderCounts> {
  const [byStatus, departments] = await Promise.all([
    queries.countOrdersByStatus(ctx.db, { department }),
    queries.selectDepartments(ctx.db),
  ]);
  const all = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return {
    all,
    ...Object.fromEntries(orderStatusSchema.options.map((status) => [status, byStatus[status] ?? 0])),
    departments,
  } as OrderCounts;
}

export async function getAdminOrder(ctx: ServiceContext, id: string): Promise<AdminOrder> {
  const [row] = await selectOrders(ctx.db, { orderId: id, limit: 1 });
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
  });
  await notifyRequester(ctx, id, 'rejected');
  return getAdminOrder(ctx, id);
}
