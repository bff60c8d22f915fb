import Chip from '@mui/material/Chip';
import {
  BooleanInput,
  CreateButton,
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';

import type { Department } from '../../providers/records';

function ActiveChip() {
  const translate = useTranslate();
  const department = useRecordContext<Department>();
  if (!department) return null;
  return (
    <Chip
      size="small"
      color={department.active ? 'success' : 'default'}
      label={translate(department.active ? 'supply_hub.departments.active' : 'supply_hub.departments.inactive')}
    />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="active" source="active" label="supply_hub.departments.only_active" />,
];

/** /admin/departments: every cost centre, active or not; a row opens its edit form. */
export default function DepartmentList() {
  return (
    <List<Department>
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable<Department> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="code" />
        <DataTable.Col source="name" />
        <DataTable.Col source="user_count" />
        <DataTable.Col source="active">
          <ActiveChip />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
