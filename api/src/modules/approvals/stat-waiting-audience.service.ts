import { canApproveOrders, type Role } from '../../contracts/roles.rules.js';
import type { Db } from '../../database/connection.js';
import type { Logger } from '../../logger.js';
import { nextApprovalStep, type ApprovalStep, type RecordedApproval } from './approval-levels.rules.js';
import { levelApproverAccounts } from './level-approver-mails.js';
import * as approvals from './approvals.queries.js';
import * as queries from './level-approvers.queries.js';

/** How long one event's answer is kept: every stream of the instance hears it within this time. */
const EVENT_MEMORY_MS = 10_000;

interface WaitingLevel {
  step: ApprovalStep;
  requesterId: string;
  approvals: Pick<RecordedApproval, 'approver_user_id'>[];
}

export type StatWaitingAudience = (
  event: { order_id: string; level: number },
  user: { id: string; roles: readonly Role[] },
) => Promise<boolean>;

/**
 * Decides, per open stream, whether its user may approve the level a STAT order waits at: the same
 * rule that chose who was mailed (levelApproverAccounts), so the event carries no list of approvers.
 * The order and its levels are read once per event for all the instance's streams; an order that no
 * longer waits at that level is announced to nobody. A failed read announces nothing and is logged.
 */
export function statWaitingAudience(db: Db, log: Logger): StatWaitingAudience {
  const waitingLevels = new Map<string, Promise<WaitingLevel | null>>();

  function waitingLevelOf(orderId: string, level: number): Promise<WaitingLevel | null> {
    const key = `${orderId}:${level}`;
    const known = waitingLevels.get(key);
    if (known) return known;
    const read = readWaitingLevel(db, orderId, level);
    waitingLevels.set(key, read);
    setTimeout(() => waitingLevels.delete(key), EVENT_MEMORY_MS).unref();
    return read;
  }

  return async (event, user) => {
    if (!canApproveOrders(user.roles)) return false;
    try {
      const waiting = await waitingLevelOf(event.order_id, event.level);
      if (!waiting) return false;
      const account = { id: user.id, roles: user.roles };
      return levelApproverAccounts([account], waiting.step, waiting).length > 0;
    } catch (error) {
      log.warn(
        { order_id: event.order_id, error: error instanceof Error ? error.message : String(error) },
        'STAT order event not announced',
      );
      return false;
    }
  };
}

async function readWaitingLevel(db: Db, orderId: string, level: number): Promise<WaitingLevel | null> {
  const [order, levels, given] = await Promise.all([
    queries.selectWaitingOrder(db, orderId),
    approvals.selectApprovalLevels(db),
    approvals.selectApprovalsOfOrders(db, [orderId]),
  ]);
  if (!order || given.length !== level - 1) return null;
  return {
    step: nextApprovalStep(levels, order.total_amount, given.length, order.order_limit),
    requesterId: order.user_id,
    approvals: given,
  };
}
