import Chip from '@mui/material/Chip';
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
  useRecordContext,
  useTranslate,
} from 'react-admin';

import type { LocationSummary } from '../../providers/records';

function ActiveChip() {
  const translate = useTranslate();
  const location = useRecordContext<LocationSummary>();
  if (!location) return null;
  return (
    <Chip
      size="small"
      color={location.active ? 'success' : 'default'}
      label={translate(location.active ? 'supply_hub.locations.active' : 'supply_hub.locations.inactive')}
    />
  );
}

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
          <ActiveChip />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
