import { afterAll, describe, expect, it } from '@jest/globals';

import { openSharedTestDb, testContext, uniqueEmail } from '../../test-support/test-context.js';
import { verifyPassword } from './password-hashing.js';
import { createUser, grantRole, revokeRole, setAccountApproval } from './users.service.js';

const db = openSharedTestDb();
const ctx = testContext(db);
afterAll(() => db.destroy());

function newUser(overrides: Partial<Parameters<typeof createUser>[1]> = {}) {
  return createUser(ctx, {
    email: uniqueEmail(),
    password: 'correct horse',
    firstName: 'Ada',
    lastName: 'Lovelace',
    roles: ['doctor'],
    isApproved: false,
    ...overrides,
  });
}

describe('users service', () => {
  it('creates an account with an argon2id hash, its roles, a completed profile and an audit row', async () => {
    const email = uniqueEmail('Create').toUpperCase();
    const user = await newUser({ email, roles: ['doctor', 'nurse'] });
    expect(user.email).toBe(email.toLowerCase());
    const credential = await db('password_credentials').where({ user_id: user.id }).first();
    expect(credential.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(credential.password_hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(credential.password_hash, 'wrong')).toBe(false);
    expect(
      await db('profiles').where({ user_id: user.id }).first('onboarding_completed', 'onboarding_approved', 'username'),
    ).toEqual({
      onboarding_completed: true,
      onboarding_approved: false,
      username: email.toLowerCase(),
    });
    expect(
      await db('audit_events').where({ target_id: user.id, action: 'user.create' }).count('* as n').first(),
    ).toEqual({ n: 1 });
  });

  it('refuses a second account with the same e-mail and creates nothing', async () => {
    const user = await newUser();
    await expect(newUser({ email: user.email.toUpperCase() })).rejects.toMatchObject({
      code: 'USER_EXISTS',
      status: 409,
    });
    expect(await db('users').where({ email: user.email }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('refuses bad input before touching the database', async () => {
    await expect(newUser({ email: 'not-an-email' })).rejects.toThrow(/valid email/);
    await expect(newUser({ password: '12345' })).rejects.toThrow(/at least 6/);
    await expect(newUser({ password: 'lovelace1' })).rejects.toMatchObject({ code: 'WEAK_PASSWORD' });
    await expect(newUser({ firstName: 'x'.repeat(51) })).rejects.toThrow(/at most 50/);
  });

  it('approves and un-approves an account, recording who and when', async () => {
    const user = await newUser();
    const approvedAt = new Date('2026-11-20T10:00:00Z');
    await setAccountApproval(
      { ...ctx, now: () => approvedAt },
      { email: user.email, approved: true, notes: 'Verified NPI' },
    );
    expect(
      await db('profiles').where({ user_id: user.id }).first('onboarding_approved', 'approved_at', 'approval_notes'),
    ).toEqual({
      onboarding_approved: true,
      approved_at: approvedAt,
      approval_notes: 'Verified NPI',
    });
    await setAccountApproval(ctx, { email: user.email, approved: false });
    expect(await db('profiles').where({ user_id: user.id }).first('onboarding_approved', 'approved_at')).toEqual({
      onboarding_approved: false,
      approved_at: null,
    });
    const actions = await db('audit_events').where({ target_id: user.id }).orderBy('id').pluck('action');
    expect(actions).toEqual(['user.create', 'user.approve', 'user.unapprove']);
  });

  it('grants and revokes roles, auditing only real changes', async () => {
    const user = await newUser();
    expect(await grantRole(ctx, { email: user.email, role: 'finance' })).toMatchObject({
      changed: true,
      roles: ['doctor', 'finance'],
    });
    expect(await grantRole(ctx, { email: user.email, role: 'finance' })).toMatchObject({ changed: false });
    expect(await revokeRole(ctx, { email: user.email, role: 'doctor' })).toMatchObject({
      changed: true,
      roles: ['finance'],
    });
    await expect(grantRole(ctx, { email: uniqueEmail(), role: 'admin' })).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
    expect(
      await db('audit_events')
        .where({ target_id: user.id })
        .whereIn('action', ['user.role.grant', 'user.role.revoke'])
        .count('* as n')
        .first(),
    ).toEqual({ n: 2 });
  });
});
