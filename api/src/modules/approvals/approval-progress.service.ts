import type { ApprovalProgress } from '../../contracts/approvals.js';
import type { ServiceContext } from '../../context.js';
import { approvalProgress } from './approval-levels.rules.js';
import * as queries from './approvals.queries.js';

/**
 * Each order's approvals and the levels it still waits for, by order id: two reads for any number of
 * orders (the back office's list and card). Apart from approvals.service, which answers with orders.
 */
export async function approvalProgressOfOrders(
  ctx: ServiceContext,
  orders: readonly { id: string; status: string; total_amount: string; order_limit?: string | null }[],
): Promise<Map<string, ApprovalProgress>> {
  const [levels, approvals] = await Promise.all([
    queries.selectApprovalLevels(ctx.db),
    queries.selectApprovalsOfOrders(
      ctx.db,
      orders.map((order) => order.id),
    ),
  ]);
  return new Map(
    orders.map((order) => [
      order.id,
      approvalProgress({
        status: order.status,
        totalAmount: order.total_amount,
        orderLimit: order.order_limit ?? null,
        levels,
        approvals: approvals.filter((approval) => approval.order_id === order.id),
      }),
    ]),
  );
}
