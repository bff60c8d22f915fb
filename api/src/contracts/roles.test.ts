import { describe, expect, it } from '@jest/globals';

import { effectiveRole, homePathFor, isAdmin, type Role } from './roles.js';

describe('effectiveRole', () => {
  const cases: [Role[], string][] = [
    [['admin'], 'admin'],
    [['super_admin'], 'admin'],
    [['provider', 'super_admin'], 'admin'],
    [['doctor', 'logistics_admin'], 'logistics_admin'],
    [['doctor', 'nurse'], 'nurse'],
    [['finance'], 'finance'],
    [['doctor', 'provider'], 'doctor'],
    [[], 'user'],
  ];
  it.each(cases)('roles %j give the effective role %s', (roles, expected) => {
    expect(effectiveRole(roles)).toBe(expected);
  });
});

describe('isAdmin', () => {
  it('is true for any admin or super_admin row and false otherwise', () => {
    expect(isAdmin(['provider', 'admin'])).toBe(true);
    expect(isAdmin(['super_admin'])).toBe(true);
    expect(isAdmin(['finance', 'logistics_admin'])).toBe(false);
    expect(isAdmin([])).toBe(false);
  });
});

describe('homePathFor', () => {
  const cases: [Role[], string][] = [
    [['admin'], '/admin/dashboard'],
    [['finance', 'super_admin'], '/admin/dashboard'],
    [['finance'], '/admin/reports'],
    // A signed-up account keeps its 'user' row when an admin adds finance: finance still.
    [['user', 'finance'], '/admin/reports'],
    [['doctor'], '/catalog'],
    [['logistics_admin'], '/catalog'],
    [[], '/catalog'],
  ];
  it.each(cases)('roles %j land on %s', (roles, expected) => {
    expect(homePathFor(roles)).toBe(expected);
  });
});
