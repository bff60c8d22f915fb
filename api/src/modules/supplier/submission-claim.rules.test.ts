import { describe, expect, it } from '@jest/globals';

import { claimableStatuses, claimRefusal, type ClaimObstacles, type SubmissionMode } from './submission-claim.rules.js';

const ready: ClaimObstacles = {
  status: 'pending',
  submission_started_at: null,
  has_address: true,
  is_configured: true,
};
const inFlight = new Date('2026-11-21T09:30:00Z');

describe('claimableStatuses', () => {
  it.each([
    ['approve', ['pending']],
    ['retry', ['failed']],
    ['recover', ['approved', 'failed']],
  ] as [SubmissionMode, string[]][])('%s claims an order that is %j', (mode, statuses) => {
    expect(claimableStatuses(mode)).toEqual(statuses);
  });
});

describe('claimRefusal', () => {
  const cases: [string, SubmissionMode, string, Partial<ClaimObstacles>][] = [
    ['no punchout settings come first for a known order', 'approve', 'config', { is_configured: false }],
    ['an unknown order', 'approve', 'ORDER_NOT_FOUND', { status: null }],
    [
      'an unknown order even without punchout settings (the one :id rule)',
      'retry',
      'ORDER_NOT_FOUND',
      { is_configured: false, status: null },
    ],
    ['approving a submitted order', 'approve', 'ORDER_INVALID_TRANSITION', { status: 'submitted' }],
    ['approving what another admin approves', 'approve', 'ORDER_INVALID_TRANSITION', { status: 'approved' }],
    ['retrying a pending order', 'retry', 'ORDER_INVALID_TRANSITION', { status: 'pending' }],
    ['retrying an approved order', 'retry', 'ORDER_INVALID_TRANSITION', { status: 'approved' }],
    [
      'retrying while in flight',
      'retry',
      'ORDER_SUBMISSION_IN_PROGRESS',
      { status: 'failed', submission_started_at: inFlight },
    ],
    ['approving without a ship-to', 'approve', 'address', { has_address: false }],
    ['retrying without a ship-to', 'retry', 'address', { status: 'failed', has_address: false }],
    ['recovering a finished order', 'recover', 'ORDER_SUBMISSION_IN_PROGRESS', { status: 'submitted' }],
    [
      'recovering without a ship-to',
      'recover',
      'address',
      { status: 'approved', submission_started_at: inFlight, has_address: false },
    ],
    ['a claim that lost a race', 'approve', 'ORDER_SUBMISSION_IN_PROGRESS', {}],
  ];
  it.each(cases)('%s: %s is refused with %s', (_name, mode, expected, obstacles) => {
    let outcome: string;
    try {
      outcome = claimRefusal(mode, { ...ready, ...obstacles });
    } catch (error) {
      outcome = (error as { code: string }).code;
    }
    expect(outcome).toBe(expected);
  });
});
