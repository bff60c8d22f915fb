import { describe, expect, it } from '@jest/globals';

import { describeApprovalPolicy } from './approval-policy.rules';

describe('describeApprovalPolicy', () => {
  it.each([
    {
      policy: { auto_approve_enabled: true, auto_approve_under_amount: '100.00', stat_auto_approve_under: null },
      expected: "Orders under $100.00 are approved automatically; larger orders wait for an administrator's approval.",
    },
    {
      policy: { auto_approve_enabled: false, auto_approve_under_amount: '100.00', stat_auto_approve_under: null },
      expected: "Auto-approve is off: every order waits for an administrator's approval.",
    },
    {
      policy: { auto_approve_enabled: false, auto_approve_under_amount: '100.00', stat_auto_approve_under: '250.00' },
      expected:
        "Auto-approve is off: every order waits for an administrator's approval. A STAT order (needed today) under $250.00 is approved automatically, unless it goes over a budget or a monthly limit.",
    },
    {
      policy: { auto_approve_enabled: true, auto_approve_under_amount: '100.00', stat_auto_approve_under: '1500.00' },
      expected:
        "Orders under $100.00 are approved automatically; larger orders wait for an administrator's approval. A STAT order (needed today) under $1,500.00 is approved automatically, unless it goes over a budget or a monthly limit.",
    },
  ])('$policy → $expected', ({ policy, expected }) => {
    expect(describeApprovalPolicy(policy)).toBe(expected);
  });
});
