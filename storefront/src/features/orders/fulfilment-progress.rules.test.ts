import { describe, expect, it } from '@jest/globals';

import { progressOf, remainingToReceive } from './fulfilment-progress.rules';

describe('the order progress line', () => {
  it.each([
    ['awaiting_confirmation', 0, 'Waiting for the supplier to confirm'],
    ['backordered', 1, 'Partly backordered'],
    ['partially_shipped', 2, 'Partly shipped'],
    ['received', 3, 'Received'],
  ] as const)('%s stands at step %i: %s', (status, step, label) => {
    expect(progressOf(status)).toMatchObject({ activeStep: step, label, isComplete: status === 'received' });
  });

  it('leaves to receive what was ordered, less what the supplier rejected and what arrived', () => {
    const line = (line_number: number, ordered: number, rejected: number, received: number) => ({
      line_number,
      asin: 'A',
      title: 'T',
      ordered,
      confirmed_quantity: 0,
      backordered_quantity: 0,
      delivery_date: null,
      rejected_quantity: rejected,
      rejection_reason: null,
      shipped_quantity: 0,
      received_quantity: received,
      needs_review: null,
      lots: [],
    });
    expect(remainingToReceive([line(1, 10, 0, 6), line(2, 4, 4, 0), line(3, 2, 0, 2)])).toEqual([
      { line_number: 1, quantity: 4 },
    ]);
  });
});
