/**
 * decisions.md: the default patterns of the SSO role guess. The server applies the configured list
 * (api sso-role-guess.rules.ts); this copy only explains the rule on the diagnostics pages, because
 * the frontends may import the API's contracts and nothing else.
 */
export const DEFAULT_EMPLOYEE_GROUP_PATTERNS = [
  'nice',
  'employee',
  'admin',
  'staff',
  'niceemployees',
  'nice-staff',
  'nicehealthcare',
] as const;

export type SsoRoleLabel = 'employee' | 'provider';

export const SSO_ROLE_GUESS_RULE = `Group names are lower-cased; any that contains ${DEFAULT_EMPLOYEE_GROUP_PATTERNS.join(
  ', ',
)} gives 'employee', otherwise 'provider'.`;

export function guessSsoRole(groups: readonly string[]): SsoRoleLabel {
  return groups.some((group) =>
    DEFAULT_EMPLOYEE_GROUP_PATTERNS.some((pattern) => group.toLowerCase().includes(pattern)),
  )
    ? 'employee'
    : 'provider';
}
