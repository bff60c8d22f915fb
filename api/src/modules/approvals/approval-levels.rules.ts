import { requiredLevels } from '../../contracts/approval-levels.rules.js';
import type { ApprovalLevel, ApprovalProgress } from '../../contracts/approvals.js';
import { formatUsd } from '../../contracts/money-format.js';
import { isAdmin, type Role } from '../../contracts/roles.rules.js';
import { AppError } from '../../http/app-error.js';

// The storefront's cart computes the same levels: the rule lives with the contracts.
export { requiredLevels };

/** An approval as stored: who (null for the system), at which level, when. */
export interface RecordedApproval {
  level: number;
  approver_user_id: string | null;
  approver_label: string;
  approved_at: Date | string;
}

/** The level an approval would record, the roles that may give it, and whether it is the last one. */
export interface ApprovalStep {
  level: number;
  roles: Role[];
  isFinal: boolean;
}

/**
 * The next approval a pending order needs, given how many it already has. Should the rules have been
 * lowered since (it already has every approval they ask for), the next one is its last, by the
 * roles of its last required level.
 */
export function nextApprovalStep(
  levels: readonly ApprovalLevel[],
  totalAmount: string,
  approvalCount: number,
  orderLimit: string | null = null,
): ApprovalStep {
  const required = requiredLevels(levels, totalAmount, orderLimit);
  const next = required[approvalCount] ?? required.at(-1) ?? levels[0];
  return {
    level: approvalCount + 1,
    roles: next ? [...next.roles] : ['admin'],
    isFinal: approvalCount + 1 >= required.length,
  };
}

/** 'admin' in a level's roles stands for admin and super_admin alike (decisions.md). */
export function mayApproveAt(userRoles: readonly Role[], levelRoles: readonly Role[]): boolean {
  if (levelRoles.includes('admin') && isAdmin(userRoles)) return true;
  return userRoles.some((role) => levelRoles.includes(role));
}

const ROLE_NAMES: Partial<Record<Role, string>> = { admin: 'an administrator', finance: 'finance' };

/** "an administrator or finance": who may approve at a level, as a sentence says it. */
export function describeApprovers(roles: readonly Role[]): string {
  const names = roles.map((role) => ROLE_NAMES[role] ?? role.replace(/_/g, ' '));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * The levels nobody can approve. `heldRoles` are the roles of every active, approved account
 * together: a level is covered when one of them is a role of the level.
 */
export function levelsWithoutApprover<T extends { roles: readonly Role[] }>(
  levels: readonly T[],
  heldRoles: readonly Role[],
): T[] {
  return levels.filter((level) => !mayApproveAt(heldRoles, level.roles));
}

/** "level 2 (orders of $1,000.00 or more)": a level as a sentence names it. */
function describeLevel(level: ApprovalLevel): string {
  const reach = Number(level.threshold) === 0 ? 'every order' : `orders of ${formatUsd(level.threshold)} or more`;
  return `level ${level.level} (${reach})`;
}

function noApproverMessage(level: ApprovalLevel): string {
  return (
    `Nobody can approve ${describeLevel(level)}: no active, approved user is ${describeApprovers(level.roles)}. ` +
    'Give the role to someone in Users & Roles, or choose another role.'
  );
}

/**
 * Saving levels that nobody can approve would hold every order reaching them for ever: a 409 naming
 * each such level, and the same text as the error of its roles (the form shows it under them).
 */
export function assertEveryLevelHasApprover(levels: readonly ApprovalLevel[], heldRoles: readonly Role[]): void {
  const uncovered = levelsWithoutApprover(levels, heldRoles);
  if (uncovered.length === 0) return;
  const errors = Object.fromEntries(
    uncovered.map((level) => [`levels.${level.level - 1}.roles`, noApproverMessage(level)]),
  );
  throw new AppError(409, 'APPROVAL_LEVEL_HAS_NO_APPROVER', Object.values(errors).join(' '), errors);
}

/**
 * Separation of duties: never the requester, even an admin; each level by a different
 * person; and only a role of the level the order waits for. Each refusal is a 403 that says why.
 */
export function assertMayApprove(input: {
  step: ApprovalStep;
  actorUserId: string;
  actorRoles: readonly Role[];
  requesterId: string;
  approvals: readonly RecordedApproval[];
}): void {
  const { step } = input;
  if (input.actorUserId === input.requesterId) {
    throw new AppError(
      403,
      'APPROVAL_OWN_ORDER',
      'You cannot approve your own order: another approver must approve it.',
    );
  }
  const own = input.approvals.find((approval) => approval.approver_user_id === input.actorUserId);
  if (own) {
    throw new AppError(
      403,
      'APPROVAL_ALREADY_GIVEN',
      `You already approved this order at level ${own.level}: level ${step.level} needs a different approver.`,
    );
  }
  if (!mayApproveAt(input.actorRoles, step.roles)) {
    throw new AppError(
      403,
      'APPROVAL_LEVEL_FORBIDDEN',
      `This order waits for approval at level ${step.level}, which only ${describeApprovers(step.roles)} may give.`,
    );
  }
}

/** What an order shows: its approvals (oldest first) and, while pending, the levels still to come. */
export function approvalProgress(input: {
  status: string;
  totalAmount: string;
  levels: readonly ApprovalLevel[];
  approvals: readonly RecordedApproval[];
  /** The requester's per-order limit recorded on the order. */
  orderLimit?: string | null;
}): ApprovalProgress {
  const approvals = [...input.approvals].sort((left, right) => left.level - right.level);
  const waiting =
    input.status === 'pending'
      ? requiredLevels(input.levels, input.totalAmount, input.orderLimit ?? null).slice(approvals.length)
      : [];
  return {
    approvals: approvals.map((approval) => ({
      level: approval.level,
      approver: approval.approver_label,
      approved_at: new Date(approval.approved_at).toISOString(),
    })),
    waiting_for: waiting.map((level) => ({ ...level, roles: [...level.roles] })),
  };
}
