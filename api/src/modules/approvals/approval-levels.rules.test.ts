import { describe, expect, it } from '@jest/globals';

import { cannotApproveMessage, type ApprovalLevel } from '../../contracts/approvals.js';
import { canApproveOrders, type Role } from '../../contracts/roles.rules.js';
import { AppError } from '../../http/app-error.js';
import {
  approvalProgress,
  assertEveryLevelHasApprover,
  assertMayApprove,
  describeApprovers,
  levelsWithoutApprover,
  mayApproveAt,
  nextApprovalStep,
  requiredLevels,
} from './approval-levels.rules.js';

const LEVELS: ApprovalLevel[] = [
  { level: 1, threshold: '0.00', roles: ['admin'] },
  { level: 2, threshold: '1000.00', roles: ['finance', 'admin'] },
  { level: 3, threshold: '5000.00', roles: ['finance'] },
];

describe('approval level rules', () => {
  it.each([
    ['0.00', [1]],
    ['999.99', [1]],
    ['1000.00', [1, 2]],
    ['4999.99', [1, 2]],
    ['5000.00', [1, 2, 3]],
  ])('an order of $%s needs levels %j', (total, levels) => {
    expect(requiredLevels(LEVELS, total).map((level) => level.level)).toEqual(levels);
  });

  it.each([
    ['1500.00', 0, { level: 1, roles: ['admin'], isFinal: false }],
    ['1500.00', 1, { level: 2, roles: ['finance', 'admin'], isFinal: true }],
    ['20.00', 0, { level: 1, roles: ['admin'], isFinal: true }],
    ['6000.00', 2, { level: 3, roles: ['finance'], isFinal: true }],
    // The rules were lowered after a first approval: the next approval is the last.
    ['20.00', 1, { level: 2, roles: ['admin'], isFinal: true }],
  ])('next step of $%s with %i approvals', (total, count, step) => {
    expect(nextApprovalStep(LEVELS, total, count)).toEqual(step);
  });

  // Over the requester's per-order limit, one extra final level by the highest level's roles.
  it.each([
    [
      '1500.00',
      '1000.00',
      [
        [1, ['admin']],
        [2, ['finance', 'admin']],
        [3, ['finance']],
      ],
    ],
    [
      '1000.00',
      '1000.00',
      [
        [1, ['admin']],
        [2, ['finance', 'admin']],
      ],
    ],
    [
      '1000.01',
      '1000.00',
      [
        [1, ['admin']],
        [2, ['finance', 'admin']],
        [3, ['finance']],
      ],
    ],
    [
      '50.00',
      '0.00',
      [
        [1, ['admin']],
        [2, ['finance']],
      ],
    ],
    ['50.00', null, [[1, ['admin']]]],
  ] as const)('an order of $%s under a per-order limit of %s needs %j', (total, limit, expected) => {
    expect(requiredLevels(LEVELS, total, limit).map((level) => [level.level, level.roles])).toEqual(expected);
  });

  it('the extra level is the final step, and its threshold is the limit', () => {
    expect(requiredLevels(LEVELS, '1500.00', '1200.00').at(-1)).toEqual({
      level: 3,
      threshold: '1200.00',
      roles: ['finance'],
    });
    expect(nextApprovalStep(LEVELS, '1500.00', 1, '1200.00')).toEqual({
      level: 2,
      roles: ['finance', 'admin'],
      isFinal: false,
    });
    expect(nextApprovalStep(LEVELS, '1500.00', 2, '1200.00')).toEqual({ level: 3, roles: ['finance'], isFinal: true });
    expect(
      approvalProgress({
        status: 'pending',
        totalAmount: '150.00',
        levels: LEVELS,
        approvals: [],
        orderLimit: '100.00',
      }).waiting_for,
    ).toEqual([
      { level: 1, threshold: '0.00', roles: ['admin'] },
      { level: 2, threshold: '100.00', roles: ['finance'] },
    ]);
  });

  it('reads admin as admin or super_admin, and names approvers in a sentence', () => {
    expect(mayApproveAt(['super_admin'], ['admin'])).toBe(true);
    expect(mayApproveAt(['finance'], ['admin'])).toBe(false);
    expect(mayApproveAt(['finance', 'doctor'], ['finance'])).toBe(true);
    expect(describeApprovers(['finance', 'admin'])).toBe('finance or an administrator');
    expect(describeApprovers(['admin', 'finance', 'logistics_admin'])).toBe(
      'an administrator, finance or logistics admin',
    );
  });

  it.each([
    ['the requester', { actorUserId: 'r', actorRoles: ['admin'] }, 'APPROVAL_OWN_ORDER'],
    ['an earlier approver', { actorUserId: 'a', actorRoles: ['admin', 'finance'] }, 'APPROVAL_ALREADY_GIVEN'],
    ['a role outside the level', { actorUserId: 'f', actorRoles: ['doctor'] }, 'APPROVAL_LEVEL_FORBIDDEN'],
  ] as const)('refuses %s with 403', (_who, actor, code) => {
    const attempt = () =>
      assertMayApprove({
        step: { level: 2, roles: ['finance', 'admin'], isFinal: true },
        ...actor,
        requesterId: 'r',
        approvals: [{ level: 1, approver_user_id: 'a', approver_label: 'a@x', approved_at: new Date(0) }],
      });
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ status: 403, code });
    }
  });

  it('shows what a pending order waits for, and nothing once it is decided', () => {
    const approvals = [{ level: 1, approver_user_id: null, approver_label: 'system', approved_at: new Date(0) }];
    expect(approvalProgress({ status: 'pending', totalAmount: '1200.00', levels: LEVELS, approvals })).toEqual({
      approvals: [{ level: 1, approver: 'system', approved_at: '1970-01-01T00:00:00.000Z' }],
      waiting_for: [LEVELS[1]],
    });
    expect(
      approvalProgress({ status: 'submitted', totalAmount: '1200.00', levels: LEVELS, approvals }).waiting_for,
    ).toEqual([]);
  });

  it.each<[Role, boolean]>([
    ['admin', true],
    ['super_admin', true],
    ['finance', true],
    ['logistics_admin', false],
    ['nurse', false],
    ['doctor', false],
    ['provider', false],
    ['user', false],
  ])('%s may approve orders: %s', (role, isApprover) => {
    expect(canApproveOrders([role])).toBe(isApprover);
  });

  it('names a role that may never approve and the roles to choose instead', () => {
    expect(cannotApproveMessage('nurse')).toBe('Nurses cannot approve orders; choose admin or finance.');
    expect(cannotApproveMessage('logistics_admin')).toBe(
      'Logistics admins cannot approve orders; choose admin or finance.',
    );
  });

  it.each<[string, Role[], number[]]>([
    ['an administrator and finance', ['admin', 'finance'], []],
    ['only a super admin', ['super_admin'], [3]],
    ['only finance', ['finance', 'doctor'], [1]],
    ['nobody who may approve', ['nurse', 'doctor'], [1, 2, 3]],
  ])('with %s active and approved, the levels without an approver are %j', (_who, heldRoles, uncovered) => {
    expect(levelsWithoutApprover(LEVELS, heldRoles).map((level) => level.level)).toEqual(uncovered);
  });

  it('refuses levels nobody can approve with 409, naming each level on its roles', () => {
    expect(() => assertEveryLevelHasApprover(LEVELS, ['admin', 'finance'])).not.toThrow();
    const attempt = () => assertEveryLevelHasApprover(LEVELS, ['admin']);
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({
        status: 409,
        code: 'APPROVAL_LEVEL_HAS_NO_APPROVER',
        errors: {
          'levels.2.roles':
            'Nobody can approve level 3 (orders of $5,000.00 or more): no active, approved user is finance. ' +
            'Give the role to someone in Users & Roles, or choose another role.',
        },
      });
    }
  });
});
