import { describe, expect, it } from '@jest/globals';

import { groupsFromAttributes, mapGroups, storedGroupMapping } from './sso-group-mapping.rules.js';

const WARD_A = '00000000-0000-4000-8000-00000000000a';
const WARD_B = '00000000-0000-4000-8000-00000000000b';
const MS_GROUPS = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups';

describe('groupsFromAttributes', () => {
  it.each([
    ['the usual names when none is set', { groups: ['Nurses'], memberOf: 'Staff' }, null, ['Nurses', 'Staff']],
    ['the Microsoft claim among the usual names', { [MS_GROUPS]: ['1234-guid'] }, null, ['1234-guid']],
    ['only the named attribute when one is set', { groups: ['Nurses'], roles: ['ICU'] }, 'roles', ['ICU']],
    ['the named attribute without case', { Roles: 'ICU' }, 'roles', ['ICU']],
    ['trimmed values, empty and non-text ones left out', { groups: [' A ', '', 'B'] }, null, ['A', 'B']],
    ['nothing when the attribute is absent', { email: 'x@y.org' }, 'groups', []],
  ])('reads %s', (_label, attributes, groupAttribute, expected) => {
    expect(groupsFromAttributes(attributes, groupAttribute)).toEqual(expected);
  });
});

describe('mapGroups', () => {
  const mapping = {
    roleRules: [
      { group: 'Locums', role: 'provider' as const },
      { group: 'Nurses', role: 'nurse' as const },
      { group: 'Physicians', role: 'doctor' as const },
    ],
    departmentRules: [
      { group: 'Ward A', department_id: WARD_A },
      { group: 'Ward B', department_id: WARD_B },
    ],
  };

  it.each([
    ['the first matching rule in the admin’s order', ['Physicians', 'Nurses'], 'nurse', null],
    ['a group without case or surrounding spaces', [' nurses '], 'nurse', null],
    ['the department beside the role', ['Physicians', 'Ward B', 'Ward A'], 'doctor', WARD_A],
    ['the role a rule names', ['Locums'], 'provider', null],
    ['nothing when no rule matches', ['Admins', 'Administrators'], null, null],
    ['nothing without groups', [], null, null],
  ])('gives %s', (_label, groups, role, departmentId) => {
    expect(mapGroups(groups, mapping)).toEqual({ role, departmentId });
  });

  it('grants nothing with no rules, whatever the groups', () => {
    expect(mapGroups(['admin', 'super_admin'], { roleRules: [], departmentRules: [] })).toEqual({
      role: null,
      departmentId: null,
    });
  });
});

describe('storedGroupMapping', () => {
  it('keeps the stored rules that parse and skips the rest (a role since removed, a broken row)', () => {
    expect(
      storedGroupMapping({
        role_rules: [
          { group: 'Nurses', role: 'nurse' },
          { group: 'Root', role: 'super_admin' },
          { group: 'IT', role: 'admin' },
          'junk',
        ],
        department_rules: [{ group: 'Ward A', department_id: WARD_A }, { group: 'Ward B' }],
      }),
    ).toEqual({
      roleRules: [{ group: 'Nurses', role: 'nurse' }],
      departmentRules: [{ group: 'Ward A', department_id: WARD_A }],
    });
    expect(storedGroupMapping({ role_rules: null, department_rules: {} })).toEqual({
      roleRules: [],
      departmentRules: [],
    });
  });
});
