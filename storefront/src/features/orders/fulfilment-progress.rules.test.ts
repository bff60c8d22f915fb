import { describe, expect, it } from '@jest/globals';

import { progressOf } from './fulfilment-progress.rules';

describe('the order progress line', () => {
  it.each([
    ['awaiting_confirmation', 0, 'Waiting for the supplier to confirm'],
    ['backordered', 1, 'Partly backordered'],
    ['partially_shipped', 2, 'Partly shipped'],
    ['received', 3, 'Received'],
  ] as const)('%s stands at step %i: %s', (status, step, label) => {
    expect(progressOf(status)).toMatchObject({ activeStep: step, label, isComplete: status === 'received' });
  });
});
