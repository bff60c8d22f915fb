import type { FulfilmentStatus } from '@supply-hub/api/contracts/fulfilment';

/** The four steps of an order's progress line, as the ward reads them. */
export const FULFILMENT_STEPS = ['Ordered', 'Confirmed', 'Shipped', 'Received'] as const;

const STEP_OF: Record<FulfilmentStatus, number> = {
  awaiting_confirmation: 0,
  confirmed: 1,
  partially_confirmed: 1,
  backordered: 1,
  rejected_by_supplier: 1,
  partially_shipped: 2,
  shipped: 2,
  partially_received: 3,
  received: 3,
};

const LABEL_OF: Record<FulfilmentStatus, string> = {
  awaiting_confirmation: 'Waiting for the supplier to confirm',
  confirmed: 'Confirmed by the supplier',
  partially_confirmed: 'Partly confirmed by the supplier',
  backordered: 'Partly backordered',
  rejected_by_supplier: 'Rejected by the supplier',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  partially_received: 'Partly received',
  received: 'Received',
};

/** The last step reached (completed steps are the ones before it), and the words for where it stands. */
export function progressOf(status: FulfilmentStatus): { activeStep: number; label: string; isComplete: boolean } {
  return { activeStep: STEP_OF[status], label: LABEL_OF[status], isComplete: status === 'received' };
}
