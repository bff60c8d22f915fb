import type { SsoProviderCreate, SsoProviderView } from '@supply-hub/api/contracts';

/** The form's values as typed: text fields, two certificate slots, the rule lists. */
export interface ProviderDraft {
  id: string;
  display_name: string;
  entity_id: string;
  entry_point: string;
  domains: string;
  certificates: [string, string];
  group_attribute: string;
  role_rules: SsoProviderCreate['role_rules'];
  department_rules: SsoProviderCreate['department_rules'];
}

export function draftOf(provider: SsoProviderView | undefined): ProviderDraft {
  return {
    id: provider?.id ?? '',
    display_name: provider?.display_name ?? '',
    entity_id: provider?.entity_id ?? '',
    entry_point: provider?.entry_point ?? '',
    domains: provider?.domains.join(', ') ?? '',
    certificates: [provider?.certificates[0]?.pem ?? '', provider?.certificates[1]?.pem ?? ''],
    group_attribute: provider?.group_attribute ?? '',
    role_rules: provider?.role_rules ?? [],
    department_rules: provider?.department_rules ?? [],
  };
}

/** What the API takes: domains split, empty certificate slots left out. */
export function inputOf(draft: ProviderDraft): SsoProviderCreate {
  return {
    id: draft.id.trim(),
    display_name: draft.display_name,
    entity_id: draft.entity_id,
    entry_point: draft.entry_point.trim(),
    domains: draft.domains
      .split(/[\s,;]+/)
      .map((domain) => domain.trim())
      .filter(Boolean),
    certificates: draft.certificates.filter((pem) => pem.trim() !== ''),
    group_attribute: draft.group_attribute,
    role_rules: draft.role_rules,
    department_rules: draft.department_rules,
  };
}
