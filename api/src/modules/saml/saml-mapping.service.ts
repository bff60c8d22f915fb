import type { ServiceContext } from '../../context.js';
import { groupsFromAttributes, mapGroups, storedGroupMapping } from '../sso/sso-group-mapping.rules.js';
import type { UsableSsoProvider } from './saml-strategy.js';
import * as queries from './saml.queries.js';

export interface MappedSamlAccess {
  groups: string[];
  role: ReturnType<typeof mapGroups>['role'];
  department: { id: string; code: string; name: string; active: boolean } | null;
}

/** What the provider's group rules make of an assertion's attributes: the groups read, a role, a department. */
export async function mapSamlAccess(
  ctx: ServiceContext,
  provider: UsableSsoProvider,
  attributes: Readonly<Record<string, readonly string[]>>,
): Promise<MappedSamlAccess> {
  const groups = groupsFromAttributes(attributes, provider.group_attribute);
  const mapped = mapGroups(groups, storedGroupMapping(provider));
  const department = mapped.departmentId ? await queries.selectDepartment(ctx.db, mapped.departmentId) : undefined;
  return {
    groups,
    role: mapped.role,
    department: department
      ? { id: department.id, code: department.code, name: department.name, active: department.active }
      : null,
  };
}
