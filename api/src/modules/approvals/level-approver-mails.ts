import { formatUsd } from '../../contracts/money-format.js';
import type { Role } from '../../contracts/roles.js';
import type { OutgoingMail } from '../mail/mail.service.js';
import { mayApproveAt, type ApprovalStep, type RecordedApproval } from './approval-levels.rules.js';

/** The back office's Approvals page: where administrators and finance approve orders. */
export const APPROVALS_PAGE_PATH = '/admin/approvals';

/**
 * Who is told that an order waits for a level: every account that may approve that level, but not
 * the requester and not anyone who approved a lower level of it (neither may approve it).
 */
export function levelApprovers(
  accounts: readonly { id: string; email: string; roles: readonly Role[] }[],
  step: Pick<ApprovalStep, 'roles'>,
  order: { requesterId: string; approvals: readonly Pick<RecordedApproval, 'approver_user_id'>[] },
): string[] {
  return levelApproverAccounts(accounts, step, order).map((account) => account.email);
}

/** The accounts levelApprovers names (their ids reach their open pages). */
export function levelApproverAccounts<Account extends { id: string; roles: readonly Role[] }>(
  accounts: readonly Account[],
  step: Pick<ApprovalStep, 'roles'>,
  order: { requesterId: string; approvals: readonly Pick<RecordedApproval, 'approver_user_id'>[] },
): Account[] {
  const approved = new Set(order.approvals.map((approval) => approval.approver_user_id));
  return accounts
    .filter((account) => account.id !== order.requesterId && !approved.has(account.id))
    .filter((account) => mayApproveAt(account.roles, step.roles));
}

/** The mail to one approver of a level the order now waits for. */
export function levelApproverMail(
  to: string,
  order: {
    order_number: string;
    user_email: string;
    total_amount: string;
    is_urgent?: boolean;
    urgent_reason?: string | null;
  },
  level: number,
  publicUrl: string,
): OutgoingMail {
  const waits = `${order.user_email}'s order ${order.order_number} (${formatUsd(order.total_amount)}) waits for approval at level ${level}, which you may give.`;
  // A STAT order is needed today: the subject says so first, and the text why.
  const stat = order.is_urgent ? `It is a STAT order, needed today: ${order.urgent_reason ?? ''}\n\n` : '';
  return {
    to,
    subject: `${order.is_urgent ? 'STAT: ' : ''}Order ${order.order_number} waits for your approval (level ${level})`,
    template: 'order-awaits-approval',
    text: `${waits}\n\n${stat}Approve or reject it at ${publicUrl}${APPROVALS_PAGE_PATH}`,
  };
}
