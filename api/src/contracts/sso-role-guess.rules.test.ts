import { describe, expect, it } from '@jest/globals';

import { describeSsoRoleGuess, guessSsoRole } from './sso-role-guess.rules.js';

describe('guessSsoRole', () => {
  it.each([
    [['NICE-Staff'], 'employee'],
    [['Clinic Employees'], 'employee'],
    [['sysadmins'], 'employee'],
    [[['nested', 'NiceHealthcare']], 'employee'],
    [['Cardiology', 'Physicians'], 'provider'],
    [[], 'provider'],
  ])('groups %j give %s', (groups, expected) => {
    expect(guessSsoRole({ email: 'a@b.org', groups })).toBe(expected);
  });

  it('forces whitelisted accounts to provider and honours configured patterns', () => {
    expect(
      guessSsoRole({ email: 'Test@Clinic.org', groups: ['staff'], forcedProviderEmails: ['test@clinic.org'] }),
    ).toBe('provider');
    expect(guessSsoRole({ email: 'a@b.org', groups: ['nurses'], patterns: ['nurse'] })).toBe('employee');
  });

  it('guesses from the groups alone where no account is known (the diagnostics pages)', () => {
    expect(guessSsoRole({ groups: ['NICE-Staff'], forcedProviderEmails: ['test@clinic.org'] })).toBe('employee');
    expect(guessSsoRole({ groups: ['Physicians'] })).toBe('provider');
    expect(describeSsoRoleGuess()).toContain('nice-staff');
    expect(describeSsoRoleGuess(['nurse', 'pharmacy'])).toBe(
      "Group names are lower-cased; any that contains nurse, pharmacy gives 'employee', otherwise 'provider'.",
    );
  });
});
