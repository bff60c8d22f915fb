import { DateField, FunctionField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';

import { JsonBlock } from '../../components/JsonBlock';
import type { AuditEvent } from '../../providers/records';
import { AuditTargetField } from './AuditTargetField';
import { OutcomeChip } from './OutcomeChip';

/** One audit event with its details JSON. */
export default function AuditEventShow() {
  return (
    <Show<AuditEvent> actions={false}>
      <SimpleShowLayout>
        <DateField source="occurred_at" showTime />
        <TextField source="actor_label" emptyText="supply_hub.audit_log.system" />
        <TextField source="actor_user_id" emptyText="—" />
        <TextField source="action_label" />
        <Labeled source="target_label">
          <AuditTargetField />
        </Labeled>
        <TextField source="action" />
        <TextField source="target_type" emptyText="—" />
        <TextField source="target_id" emptyText="—" />
        <Labeled source="outcome">
          <OutcomeChip />
        </Labeled>
        <TextField source="client_address" emptyText="—" />
        <TextField source="request_id" emptyText="—" />
        <FunctionField<AuditEvent> source="details" render={(event) => <JsonBlock value={event.details ?? null} />} />
      </SimpleShowLayout>
    </Show>
  );
}
