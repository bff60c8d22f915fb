import { AUDIT_ACTION_LABELS, requesterDisplayName } from '@supply-hub/api/contracts';
import { AutocompleteInput, DateInput, ReferenceInput, SelectInput } from 'react-admin';

import type { AdminUser } from '../../providers/records';

const OUTCOMES = [
  { id: 'success', name: 'supply_hub.audit_log.outcome_success' },
  { id: 'failure', name: 'supply_hub.audit_log.outcome_failure' },
];

// The actions by their plain label; the filter matches the stored name.
const ACTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([id, name]) => ({ id, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

function actorOption(user: AdminUser): string {
  const name = requesterDisplayName(user);
  return name === user.email ? user.email : `${name} (${user.email})`;
}

/** The audit log's filters: actor, action prefix, outcome, and a date range (YYYY-MM-DD). */
export const auditEventFilters = [
  <ReferenceInput key="actor" source="actor_user_id" reference="users" sort={{ field: 'email', order: 'ASC' }} alwaysOn>
    <AutocompleteInput
      label="resources.audit-events.fields.actor_user_id"
      optionText={actorOption}
      filterToQuery={(search: string) => ({ q: search })}
      sx={{ minWidth: 260 }}
    />
  </ReferenceInput>,
  <AutocompleteInput
    key="action"
    source="action"
    choices={ACTIONS}
    translateChoice={false}
    alwaysOn
    sx={{ minWidth: 260 }}
  />,
  <SelectInput key="outcome" source="outcome" choices={OUTCOMES} alwaysOn />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];
