import type { OrderStatus } from '../../contracts/orders.js';
import { AppError } from '../../http/app-error.js';

/**
 * decisions.md: pending → approved → submitted | failed; failed → (retry) → submitted | failed;
 * pending → rejected. 'approved → approved' is not a transition.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['submitted', 'failed'],
  failed: ['submitted', 'failed'],
  submitted: [],
  rejected: [],
};

export function canTransition(from: string, to: OrderStatus): boolean {
  return (TRANSITIONS[from as OrderStatus] ?? []).includes(to);
}

export function assertTransition(from: string, to: OrderStatus): void {
  if (!canTransition(from, to)) {
    throw AppError.conflict('ORDER_INVALID_TRANSITION', `An order that is ${from} cannot become ${to}.`);
  }
}
