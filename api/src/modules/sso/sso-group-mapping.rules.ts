import {
  DEFAULT_GROUP_ATTRIBUTES,
  ssoDepartmentRuleSchema,
  ssoRoleRuleSchema,
  type MappableRole,
  type SsoDepartmentRule,
  type SsoRoleRule,
} from '../../contracts/admin-sso.js';

/**
 * The group values an assertion carries: those of the provider's group attribute, or of the usual
 * names when it names none. Attribute names are compared without case, as IdPs spell them freely.
 */
export function groupsFromAttributes(
  attributes: Readonly<Record<string, unknown>>,
  groupAttribute: string | null,
): string[] {
  const wanted = new Set((groupAttribute ? [groupAttribute] : DEFAULT_GROUP_ATTRIBUTES).map((n) => n.toLowerCase()));
  return Object.entries(attributes)
    .filter(([name]) => wanted.has(name.toLowerCase()))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

export interface GroupMapping {
  roleRules: readonly SsoRoleRule[];
  departmentRules: readonly SsoDepartmentRule[];
}

export interface MappedAccess {
  /** The role of the first role rule whose group was asserted; null: no rule matched. */
  role: MappableRole | null;
  /** The department of the first department rule whose group was asserted; null: no rule matched. */
  departmentId: string | null;
}

/**
 * The first rule, in the admin's order, whose group value is among the asserted groups decides,
 * one for the role and one for the department. Group values match without case or surrounding
 * spaces (directories differ in both); nothing else is inferred, so admin comes only from a rule
 * that names it.
 */
export function mapGroups(groups: readonly string[], mapping: GroupMapping): MappedAccess {
  const asserted = new Set(groups.map((group) => group.trim().toLowerCase()));
  const matches = (rule: { group: string }) => asserted.has(rule.group.trim().toLowerCase());
  return {
    role: mapping.roleRules.find(matches)?.role ?? null,
    departmentId: mapping.departmentRules.find(matches)?.department_id ?? null,
  };
}

function rulesOf<T>(stored: unknown, schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }): T[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((rule) => {
    const parsed = schema.safeParse(rule);
    return parsed.success && parsed.data !== undefined ? [parsed.data] : [];
  });
}

/** The rules as stored (jsonb); a rule that no longer parses (a role since removed) is skipped. */
export function storedGroupMapping(row: { role_rules: unknown; department_rules: unknown }): GroupMapping {
  return {
    roleRules: rulesOf(row.role_rules, ssoRoleRuleSchema),
    departmentRules: rulesOf(row.department_rules, ssoDepartmentRuleSchema),
  };
}
