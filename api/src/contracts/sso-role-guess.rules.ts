// The server applies it at every SSO sign-in; the diagnostics pages explain it with the same code.

/** decisions.md: the default patterns of the SSO role guess; configurable per deployment. */
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

/** The rule in words with the patterns a deployment uses (decisions.md's by default), for the diagnostics pages. */
export function describeSsoRoleGuess(patterns: readonly string[] = DEFAULT_EMPLOYEE_GROUP_PATTERNS): string {
  return `Group names are lower-cased; any that contains ${patterns.join(', ')} gives 'employee', otherwise 'provider'.`;
}

/**
 * Group values (from identity data, metadata and app metadata) are lower-cased; any that contains
 * one of the patterns makes the user an employee, otherwise a provider. Whitelisted accounts are
 * always providers.
 */
export function guessSsoRole(input: {
  /** Absent when only the groups are known (the diagnostics pages). */
  email?: string;
  groups: readonly unknown[];
  patterns?: readonly string[];
  forcedProviderEmails?: readonly string[];
}): SsoRoleLabel {
  const email = input.email?.toLowerCase();
  if ((input.forcedProviderEmails ?? []).some((forced) => forced.toLowerCase() === email)) return 'provider';
  const patterns = input.patterns ?? DEFAULT_EMPLOYEE_GROUP_PATTERNS;
  const groups = input.groups
    .flatMap((group) => (Array.isArray(group) ? group : [group]))
    .map((group) => String(group).toLowerCase());
  return groups.some((group) => patterns.some((pattern) => group.includes(pattern))) ? 'employee' : 'provider';
}
