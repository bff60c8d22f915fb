import {
  ArrayInput,
  BooleanInput,
  NumberInput,
  SimpleForm,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  maxLength,
  minValue,
  number,
  required,
} from 'react-admin';

import { DepartmentInput } from '../../components/DepartmentInput';

const validateName = [required(), maxLength(100)];
const wholeAtLeast = (minimum: number) => [number(), minValue(minimum)];

/**
 * Name, department, Active, and the stock list inline: one row per catalogue item with its par
 * level and optional reorder point (units on the shelf) and pack size (units per orderable pack).
 */
export function LocationForm({ isNew }: { isNew?: boolean }) {
  return (
    // No Delete: a location is deactivated (Active), its counts are kept.
    <SimpleForm
      defaultValues={{ active: true, stock_list: [] }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="name" validate={validateName} />
      <DepartmentInput validate={required()} />
      {!isNew && <BooleanInput source="active" helperText="supply_hub.locations.active_help" />}
      <ArrayInput source="stock_list" helperText="supply_hub.locations.stock_list_help">
        <SimpleFormIterator inline disableReordering={false}>
          <TextInput source="asin" label="supply_hub.locations.asin" validate={required()} helperText={false} />
          <NumberInput
            source="par"
            label="supply_hub.locations.par"
            validate={[required(), ...wholeAtLeast(1)]}
            helperText={false}
            step={1}
          />
          <NumberInput
            source="reorder_point"
            label="supply_hub.locations.reorder_point"
            validate={wholeAtLeast(0)}
            helperText={false}
            step={1}
          />
          <NumberInput
            source="pack_size"
            label="supply_hub.locations.pack_size"
            defaultValue={1}
            validate={[required(), ...wholeAtLeast(1)]}
            helperText={false}
            step={1}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
