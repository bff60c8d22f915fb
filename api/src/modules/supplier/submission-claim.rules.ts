import { ORDER_STATUSES } from '../../contracts/orders.js';
import { AppError } from '../../http/app-error.js';
import { assertTransition, canTransition } from '../orders/order-status.rules.js';

export type SubmissionMode = 'approve' | 'retry' | 'recover';

/**
 * The statuses an order may be claimed from, read off the status machine (decisions.md):
 * approve takes an order that may become approved (pending); retry only a failed one; recovery
 * finishes an order left in flight, approved or failed, whose submission never recorded its end.
 */
export function claimableStatuses(mode: SubmissionMode): string[] {
  if (mode === 'approve') return ORDER_STATUSES.filter((status) => canTransition(status, 'approved'));
  if (mode === 'retry') return ['failed'];
  return ORDER_STATUSES.filter((status) => canTransition(status, 'submitted'));
}

export interface ClaimObstacles {
  status: string | null;
  submission_started_at: Date | null;
  has_address: boolean;
  is_configured: boolean;
}

/**
 * Why a claim was refused, checked in the order the admin should hear about it: no punchout
 * configuration, no such order, a status the mode cannot take, an attempt already in flight,
 * no ship-to address. Returns the stage to report for the first two kinds of refusal that carry a
 * submission result; throws the AppError for the others.
 */
export function claimRefusal(mode: SubmissionMode, obstacles: ClaimObstacles): 'config' | 'address' {
  const { status } = obstacles;
  // The one :id rule: an unknown order is a 404 whatever the settings.
  if (status === null) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  if (!obstacles.is_configured) return 'config';
  if (mode === 'approve') assertTransition(status, 'approved');
  if (mode === 'retry') {
    assertTransition(status, 'submitted');
    if (status !== 'failed')
      throw AppError.conflict('ORDER_INVALID_TRANSITION', `An order that is ${status} cannot be retried.`);
  }
  if (mode === 'recover') {
    // Another instance recovered or finished it meanwhile, unless its requester's address went away.
    if (obstacles.submission_started_at && !obstacles.has_address) return 'address';
    throw AppError.conflict('ORDER_SUBMISSION_IN_PROGRESS', 'This order is no longer left in flight.');
  }
  if (obstacles.submission_started_at) {
    throw AppError.conflict('ORDER_SUBMISSION_IN_PROGRESS', 'This order is being sent to the supplier right now.');
  }
  if (!obstacles.has_address) return 'address';
  // Everything is in order now: the claim lost a race with a change that has since finished.
  throw AppError.conflict('ORDER_SUBMISSION_IN_PROGRESS', 'This order changed while it was being sent; try again.');
}
