import {
  BooleanInput,
  CreateButton,
  DataTable,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';

import { ActiveChip } from '../../components/ActiveChip';
import type { LocationSummary } from '../../providers/records';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="department_id" source="department_id" reference="departments" perPage={200}>
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <BooleanInput key="active" source="active" label="supply_hub.locations.only_active" />,
];

/** /admin/locations: wards, store rooms and par carts, with their department and stock-list length. */
export default function LocationList() {
  return (
    <List<LocationSummary>
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable<LocationSummary> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="department_id">
          <ReferenceField source="department_id" reference="departments" link={false} />
        </DataTable.Col>
        <DataTable.Col source="item_count" />
        <DataTable.Col source="active">
          <ActiveChip messages="supply_hub.locations" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
