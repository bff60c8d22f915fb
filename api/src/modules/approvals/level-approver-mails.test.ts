import { describe, expect, it } from '@jest/globals';

import { levelApproverMail, levelApprovers } from './level-approver-mails.js';

const accounts = [
  { id: 'a1', email: 'admin@x.test', roles: ['admin' as const] },
  { id: 'a2', email: 'super@x.test', roles: ['super_admin' as const] },
  { id: 'f1', email: 'finance@x.test', roles: ['finance' as const] },
  { id: 'd1', email: 'doctor@x.test', roles: ['doctor' as const, 'admin' as const] },
];

describe('levelApprovers', () => {
  it('tells everyone who may approve the level, not the requester nor an earlier approver', () => {
    expect(levelApprovers(accounts, { roles: ['admin'] }, { requesterId: 'd1', approvals: [] })).toEqual([
      'admin@x.test',
      'super@x.test',
    ]);
    expect(
      levelApprovers(
        accounts,
        { roles: ['finance', 'admin'] },
        { requesterId: 'x', approvals: [{ approver_user_id: 'a1' }] },
      ),
    ).toEqual(['super@x.test', 'finance@x.test', 'doctor@x.test']);
    expect(levelApprovers(accounts, { roles: ['finance'] }, { requesterId: 'f1', approvals: [] })).toEqual([]);
  });
});

describe('levelApproverMail', () => {
  it('names the order, its total in the one money format, the level and the Approvals page', () => {
    const mail = levelApproverMail(
      'finance@x.test',
      { order_number: 'SO-001077', user_email: 'doctor@x.test', total_amount: '1078' },
      2,
      'https://supply.example.test',
    );
    expect(mail).toEqual({
      to: 'finance@x.test',
      subject: 'Order SO-001077 waits for your approval (level 2)',
      template: 'order-awaits-approval',
      text:
        "doctor@x.test's order SO-001077 ($1,078.00) waits for approval at level 2, which you may give.\n\n" +
        'Approve or reject it at https://supply.example.test/admin/approvals',
    });
  });
});
