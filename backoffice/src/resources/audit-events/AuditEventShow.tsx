import Box from '@mui/material/Box';
import { DateField, FunctionField, Labeled, Show, SimpleShowLayout, TextField } from 'react-admin';

import type { AuditEvent } from '../../providers/records';
import { AuditTargetField } from './AuditTargetField';
import { OutcomeChip } from './OutcomeChip';

function DetailsJson({ event }: { event: AuditEvent }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {JSON.stringify(event.details ?? null, null, 2)}
    </Box>
  );
}

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
        <FunctionField<AuditEvent> source="details" render={(event) => <DetailsJson event={event} />} />
      </SimpleShowLayout>
    </Show>
  );
}
