import {
  approvalLevelsInputSchema,
  approveOrderSchema,
  type ApprovalLevel,
  type ApprovalLevels,
  type ApprovalLevelWithoutApprover,
} from '../../contracts/approvals.js';
import type { AdminOrder } from '../../contracts/order-submission.js';
import { toMoneyText } from '../../contracts/money-amount.js';
import { isAdmin, type Role } from '../../contracts/roles.rules.js';
import type { SubmissionResponse } from '../../contracts/supplier.js';
import { SYSTEM_ACTOR, type ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { Db } from '../../database/connection.js';
import { assembleAdminOrders, getAdminOrder, rejectPendingOrder } from '../admin-orders/admin-orders.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { attemptSubmission, submissionRefusal } from '../supplier/supplier-submission.service.js';
import { notifyLinesRejected, notifyRequester } from '../notifications/order-notifications.service.js';
import { notifyWaitingLevel } from './level-approver-notifications.service.js';
import {
  assertEveryLevelHasApprover,
  assertMayApprove,
  levelsWithoutApprover,
  nextApprovalStep,
  requiredLevels,
  type ApprovalStep,
} from './approval-levels.rules.js';
import * as queries from './approvals.queries.js';
import * as lineQueries from './line-rejections.queries.js';
import { decideLineRejections, orderReasonFromLines, type RequestedRejection } from './line-rejections.rules.js';

export async function getApprovalLevels(ctx: ServiceContext): Promise<ApprovalLevels> {
  return { levels: await readLevels(ctx) };
}

async function readLevels(ctx: ServiceContext): Promise<ApprovalLevel[]> {
  return (await queries.selectApprovalLevels(ctx.db)).map((row) => ({ ...row, threshold: toMoneyText(row.threshold) }));
}

/**
 * PUT /api/admin/settings/approval-levels: the whole list at once, audited; refused (409) when a
 * level names no role that an active, approved user holds.
 */
export async function saveApprovalLevels(ctx: ServiceContext, rawInput: unknown): Promise<ApprovalLevels> {
  const { levels } = approvalLevelsInputSchema.parse(rawInput);
  const rows = levels.map((level) => ({ threshold: toMoneyText(level.threshold), roles: level.roles }));
  assertEveryLevelHasApprover(
    rows.map((row, index) => ({ ...row, level: index + 1 })),
    await queries.selectRolesOfActiveApprovedUsers(ctx.db),
  );
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
 * The saved levels that nobody can approve now (an approver was disabled, un-approved or lost the
 * role after the levels were saved), each with the pending orders waiting at it: the dashboard's.
 */
export async function listLevelsWithoutApprover(ctx: ServiceContext): Promise<ApprovalLevelWithoutApprover[]> {
  const [levels, heldRoles] = await Promise.all([readLevels(ctx), queries.selectRolesOfActiveApprovedUsers(ctx.db)]);
  const uncovered = levelsWithoutApprover(levels, heldRoles);
  if (uncovered.length === 0) return [];
  const waiting = await queries.countWaitingOrdersByLevel(ctx.db);
  return uncovered.map((level) => ({ ...level, blocked_orders: waiting.get(level.level) ?? 0 }));
}

/**
 * POST /api/admin/orders/:id/approve: one approval, at the level the order waits for, by
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
  const { level: seenLevel, rejected_lines: rejectedLines = [] } = approveOrderSchema.parse(rawInput ?? {});
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
  if (rejectedLines.length > 0) {
    return approveWithLineRejections(ctx, { orderId, step, levels, approvalCount: approvals.length, rejectedLines });
  }
  if (step.isFinal) return submitAtLevel(ctx, orderId, step.level);
  await recordLevelApproval(ctx, orderId, step.level);
  await notifyWaitingLevel(ctx, orderId);
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
    await lockOrderAtLevel(trx, orderId, level);
    await insertApprovalAtLevel(ctx, trx, orderId, level);
  });
}

/** Locks the order and checks it still waits, pending and not in flight, for this level's approval. */
async function lockOrderAtLevel(trx: Db, orderId: string, level: number): Promise<void> {
  const locked = await queries.lockPendingOrder(trx, orderId);
  if (!locked) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  if (locked.status !== 'pending' || locked.in_flight || locked.approvals !== level - 1) {
    throw AppError.conflict(
      'APPROVAL_CHANGED',
      `This order changed while you approved it (level ${level} was approved or the order was decided meanwhile); reload it.`,
    );
  }
}

async function insertApprovalAtLevel(ctx: ServiceContext, trx: Db, orderId: string, level: number): Promise<void> {
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
}

/**
 * The approver rejects some lines (each with its reason) and approves the rest. Under
 * the order's lock the lines leave the order and its total drops to the remaining lines'; the levels
 * it needs are recomputed from that total, so this approval may become the last one (then the
 * OrderRequest goes out with the remaining lines only). Rejecting every line rejects the order, as
 * the reject command does. An unknown, foreign or already rejected line is a 422 and nothing changes.
 */
async function approveWithLineRejections(
  ctx: ServiceContext,
  input: {
    orderId: string;
    step: ApprovalStep;
    levels: readonly ApprovalLevel[];
    approvalCount: number;
    rejectedLines: readonly RequestedRejection[];
  },
): Promise<SubmissionResponse> {
  const { orderId, step } = input;
  const actorUserId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  const outcome = await ctx.db.transaction(async (trx) => {
    await lockOrderAtLevel(trx, orderId, step.level);
    // One connection: its queries one after the other.
    const lines = await lineQueries.selectLinesForDecision(trx, orderId);
    const orderNumber = await queries.selectOrderNumber(trx, orderId);
    const decision = decideLineRejections({
      orderNumber,
      ordered: lines.ordered,
      alreadyRejectedIds: lines.rejectedIds,
      requested: input.rejectedLines,
    });
    await lineQueries.moveLinesToRejections(trx, {
      orderId,
      lines: decision.rejected,
      level: step.level,
      rejectedBy: actorUserId,
      rejectedByLabel: ctx.actor.label,
      now: ctx.now(),
      newTotal: decision.rejectsAll ? null : decision.remainingTotal,
    });
    const rejectedLines = decision.rejected.map((line) => ({
      line_number: line.line_number,
      title: line.title,
      quantity: line.quantity,
      total_price: line.total_price,
      reason: line.reason,
    }));
    if (decision.rejectsAll) {
      await rejectPendingOrder(ctx, trx, orderId, orderReasonFromLines(decision.rejected));
      return { rejectsAll: true, rejectedLines, next: step };
    }
    await lineQueries.insertLinesRejectedEvent(trx, {
      orderId,
      actorUserId,
      actorLabel: ctx.actor.label,
      now: ctx.now(),
      details: { level: step.level, lines: rejectedLines, total_amount: decision.remainingTotal },
    });
    await recordAudit(
      ctx,
      {
        action: 'order.reject_lines',
        targetType: 'order',
        targetId: orderId,
        details: { level: step.level, lines: rejectedLines, total_amount: decision.remainingTotal },
      },
      trx,
    );
    // The levels the order needs now: one that its new total no longer reaches is not waited for.
    const next = nextApprovalStep(input.levels, decision.remainingTotal, input.approvalCount);
    if (!next.isFinal) await insertApprovalAtLevel(ctx, trx, orderId, step.level);
    return { rejectsAll: false, rejectedLines, next };
  });
  if (outcome.rejectsAll) {
    await notifyRequester(ctx, orderId, 'rejected');
    return { result: null, order: await getAdminOrder(ctx, orderId) };
  }
  await notifyLinesRejected(ctx, orderId, outcome.rejectedLines);
  if (outcome.next.isFinal) return submitAtLevel(ctx, orderId, step.level);
  await notifyWaitingLevel(ctx, orderId);
  return { result: null, order: await getAdminOrder(ctx, orderId) };
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
  // The per-order limit recorded at submission may add a level.
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
