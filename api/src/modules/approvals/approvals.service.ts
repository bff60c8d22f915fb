import {
  approvalLevelsInputSchema,
  approveOrderSchema,
  type ApprovalLevel,
  type ApprovalLevels,
} from '../../contracts/approvals.js';
import type { AdminOrder } from '../../contracts/order-submission.js';
import { toMoneyText } from '../../contracts/money-amount.js';
import { isAdmin, type Role } from '../../contracts/roles.rules.js';
import type { SubmissionResponse } from '../../contracts/supplier.js';
import { SYSTEM_ACTOR, type ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { assembleAdminOrders, getAdminOrder } from '../admin-orders/admin-orders.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { attemptSubmission, submissionRefusal } from '../supplier/supplier-submission.service.js';
import { assertMayApprove, nextApprovalStep, requiredLevels } from './approval-levels.rules.js';
import * as queries from './approvals.queries.js';

export async function getApprovalLevels(ctx: ServiceContext): Promise<ApprovalLevels> {
  return { levels: await readLevels(ctx) };
}

async function readLevels(ctx: ServiceContext): Promise<ApprovalLevel[]> {
  return (await queries.selectApprovalLevels(ctx.db)).map((row) => ({ ...row, threshold: toMoneyText(row.threshold) }));
}

/** PUT /api/admin/settings/approval-levels: the whole list at once, audited. */
export async function saveApprovalLevels(ctx: ServiceContext, rawInput: unknown): Promise<ApprovalLevels> {
  const { levels } = approvalLevelsInputSchema.parse(rawInput);
  const rows = levels.map((level) => ({ threshold: toMoneyText(level.threshold), roles: level.roles }));
  await ctx.db.transaction(async (trx) => {
    await queries.replaceApprovalLevels(trx, rows, {
      updatedBy: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      now: ctx.now(),
    });
    await recordAudit(
      ctx,
      {
        action: 'settings.approval_levels.save',
        targetType: 'settings',
        targetId: 'approval-levels',
        details: { levels: rows },
      },
      trx,
    );
  });
  return getApprovalLevels(ctx);
}

/**
 * POST /api/admin/orders/:id/approve (issue 18): one approval, at the level the order waits for, by
 * someone holding a role of that level who is neither the requester nor an earlier approver. A level
 * before the last is recorded under the order's row lock (one per level: a second approver at the
 * same time gets a 409); the last one is recorded by the submission's claim itself, so the cXML
 * OrderRequest still goes out exactly once (docs/adr/0002).
 */
export async function approveOrder(
  ctx: ServiceContext,
  orderId: string,
  roles: readonly Role[],
  rawInput: unknown,
): Promise<SubmissionResponse> {
  if (ctx.actor.kind !== 'user') throw new Error('an approval through the API needs a signed-in user');
  const { level: seenLevel } = approveOrderSchema.parse(rawInput ?? {});
  // The approvals before the order: the last approval commits with the order's move out of pending,
  // so an order still pending after them cannot have gained its last approval in between.
  const [levels, approvals] = await Promise.all([readLevels(ctx), queries.selectApprovalsOfOrders(ctx.db, [orderId])]);
  const order = await queries.selectOrderToApprove(ctx.db, orderId);
  if (!order) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  // Not pending (or already being sent): the submission's claim refuses it as it always has.
  if (order.status !== 'pending' || order.submission_started_at) return submitAtLevel(ctx, orderId, 1);
  const step = nextApprovalStep(levels, order.total_amount, approvals.length, order.order_limit);
  if (seenLevel !== undefined && seenLevel !== step.level) {
    throw AppError.conflict(
      'APPROVAL_CHANGED',
      `Level ${seenLevel} of this order was approved by someone else meanwhile; it now waits for level ${step.level}.`,
    );
  }
  assertMayApprove({ step, actorUserId: ctx.actor.userId, actorRoles: roles, requesterId: order.user_id, approvals });
  if (step.isFinal) return submitAtLevel(ctx, orderId, step.level);
  await recordLevelApproval(ctx, orderId, step.level);
  return { result: null, order: await getAdminOrder(ctx, orderId) };
}

async function submitAtLevel(ctx: ServiceContext, orderId: string, level: number): Promise<SubmissionResponse> {
  const { result, order } = await attemptSubmission(ctx, orderId, 'approve', { approvalLevel: level });
  const refusal = submissionRefusal(result);
  if (refusal || !order) throw refusal ?? new Error('a sent order comes back with its state');
  return { result, order };
}

/** A level before the last: the approval, its timeline event and the audit row, under the order's lock. */
async function recordLevelApproval(ctx: ServiceContext, orderId: string, level: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const locked = await queries.lockPendingOrder(trx, orderId);
    if (!locked) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    if (locked.status !== 'pending' || locked.in_flight || locked.approvals !== level - 1) {
      throw AppError.conflict(
        'APPROVAL_CHANGED',
        `This order changed while you approved it (level ${level} was approved or the order was decided meanwhile); reload it.`,
      );
    }
    await queries.insertLevelApproval(trx, {
      orderId,
      level,
      approverUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      approverLabel: ctx.actor.label,
      now: ctx.now(),
    });
    await recordAudit(
      ctx,
      { action: 'order.approve_level', targetType: 'order', targetId: orderId, details: { level } },
      trx,
    );
  });
}

/**
 * Auto-approval (decisions.md) stands in for the first level only: an order under the amount that
 * needs one level is approved by "system" and sent; one that needs more gets the system's level-1
 * approval and waits for the next level.
 */
export async function approveFirstLevelAsSystem(
  ctx: ServiceContext,
  order: { id: string; total_amount: string },
): Promise<void> {
  const system = { ...ctx, actor: SYSTEM_ACTOR };
  // The per-order limit recorded at submission may add a level (issue 18 §3).
  const orderLimit = (await queries.selectOrderToApprove(ctx.db, order.id))?.order_limit ?? null;
  const required = requiredLevels(await readLevels(ctx), order.total_amount, orderLimit);
  if (required.length <= 1) {
    await attemptSubmission(system, order.id, 'approve', { approvalLevel: 1 });
    return;
  }
  await recordLevelApproval(system, order.id, 1);
}

/** GET /api/admin/approvals: the orders waiting for a level the caller may approve. */
export async function listApprovalInbox(
  ctx: ServiceContext,
  roles: readonly Role[],
  page: Omit<Parameters<typeof queries.selectInboxPage>[1], 'userId' | 'roles'>,
): Promise<{ rows: AdminOrder[]; total: number }> {
  if (ctx.actor.kind !== 'user') return { rows: [], total: 0 };
  const levelRoles = isAdmin(roles) ? [...roles, 'admin'] : [...roles];
  const { rows, total } = await queries.selectInboxPage(ctx.db, {
    ...page,
    userId: ctx.actor.userId,
    roles: levelRoles,
  });
  return { rows: await assembleAdminOrders(ctx, rows), total };
}
