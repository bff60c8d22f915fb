import { describe, expect, it } from '@jest/globals';

import { auditActionLabel, auditOutcome } from './audit.js';

describe('auditActionLabel', () => {
  const cases: [string, string][] = [
    ['auth.sign_in', 'Signed in'],
    ['order.create', 'Order placed'],
    ['order.submission_failed', 'Supplier submission failed'],
    ['order.submitted', 'Order accepted by the supplier'],
    ['user.role.grant', 'Role granted'],
    ['expiring_stock.export', 'Expiring stock exported'],
    ['sso.drill_run', 'Sso drill run'],
    ['ANOTHER-thing', 'Another thing'],
    ['', ''],
  ];
  it.each(cases)('labels %j as %j', (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });
});

describe('auditOutcome', () => {
  it('shows a failed supplier submission as a failure even where it was stored as a success', () => {
    expect(auditOutcome('order.submission_failed', 'success')).toBe('failure');
    expect(auditOutcome('order.submitted', 'success')).toBe('success');
    expect(auditOutcome('auth.sign_in', 'failure')).toBe('failure');
  });
});
