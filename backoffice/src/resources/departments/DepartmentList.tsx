import { BooleanInput, DataTable, SearchInput } from 'react-admin';

import { ActiveChip } from '../../components/ActiveChip';
import { CsvImportButton } from '../../components/CsvImportButton';
import { ResourceList } from '../../components/ResourceList';
import type { Department } from '../../providers/records';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="active" source="active" label="supply_hub.departments.only_active" />,
];

/** /admin/departments: every cost centre, active or not; a row opens its edit form. */
export default function DepartmentList() {
  return (
    <ResourceList<Department>
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      actions={<CsvImportButton kind="departments" />}
    >
      <DataTable.Col source="code" />
      <DataTable.Col source="name" />
      <DataTable.Col source="site" />
      <DataTable.Col source="user_count" />
      <DataTable.Col source="active">
        <ActiveChip messages="supply_hub.departments" />
      </DataTable.Col>
    </ResourceList>
  );
}
