import { BooleanInput, DataTable, ReferenceField, ReferenceInput, SearchInput, SelectInput } from 'react-admin';

import { ActiveChip } from '../../components/ActiveChip';
import { ResourceList } from '../../components/ResourceList';
import type { LocationSummary } from '../../providers/records';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  // Sorted by name: the departments list sorts by its columns only, never by id (react-admin's default).
  <ReferenceInput
    key="department_id"
    source="department_id"
    reference="departments"
    sort={{ field: 'name', order: 'ASC' }}
    perPage={200}
  >
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <BooleanInput key="active" source="active" label="supply_hub.locations.only_active" />,
];

/** /admin/locations: wards, store rooms and par carts, with their department and stock-list length. */
export default function LocationList() {
  return (
    <ResourceList<LocationSummary> sort={{ field: 'name', order: 'ASC' }} filters={filters}>
      <DataTable.Col source="name" />
      <DataTable.Col source="department_id">
        <ReferenceField source="department_id" reference="departments" link={false} />
      </DataTable.Col>
      <DataTable.Col source="item_count" />
      <DataTable.Col source="active">
        <ActiveChip messages="supply_hub.locations" />
      </DataTable.Col>
    </ResourceList>
  );
}
