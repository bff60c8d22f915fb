import { DataTable, DateField, List, TextField, TopToolbar } from 'react-admin';

import type { AuditEvent } from '../../providers/records';
import { AuditTargetField } from './AuditTargetField';
import { auditEventFilters } from './AuditEventFilters';
import { ExportAuditButton } from './ExportAuditButton';
import { OutcomeChip } from './OutcomeChip';

/** The append-only audit log, newest first; read only (no create, edit or delete anywhere). */
export default function AuditEventList() {
  return (
    <List<AuditEvent>
      title="supply_hub.audit_log.title"
      filters={auditEventFilters}
      sort={{ field: 'occurred_at', order: 'DESC' }}
      perPage={50}
      exporter={false}
      actions={
        <TopToolbar>
          <ExportAuditButton />
        </TopToolbar>
      }
    >
      <DataTable<AuditEvent> rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="occurred_at">
          <DateField source="occurred_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="actor_label" disableSort>
          <TextField source="actor_label" emptyText="supply_hub.audit_log.system" />
        </DataTable.Col>
        <DataTable.Col source="action">
          <TextField source="action_label" />
        </DataTable.Col>
        <DataTable.Col source="target_label" disableSort>
          <AuditTargetField />
        </DataTable.Col>
        <DataTable.Col source="outcome" disableSort>
          <OutcomeChip />
        </DataTable.Col>
        <DataTable.Col source="client_address" disableSort />
      </DataTable>
    </List>
  );
}
