import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  DateInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  maxLength,
  maxValue,
  minValue,
  number,
  required,
} from 'react-admin';

import { weekdayName } from '@supply-hub/api/contracts/standing-order-text.rules';

import { ProductAsinInput } from './ProductAsinInput';
import { RequesterInput } from './RequesterInput';

const WEEKDAY_CHOICES = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ id: day, name: weekdayName(day) }));
const KIND_CHOICES = [
  { id: 'weekly', name: 'supply_hub.standing_orders.weekly' },
  { id: 'monthly', name: 'supply_hub.standing_orders.monthly' },
];

/**
 * Location, the ward member it orders as (only the location's eligible members are offered; the
 * server checks the same rule), name, schedule, dates, Paused, and the lines (an item found by
 * title or ASIN, quantity).
 */
export function StandingOrderForm({ isNew }: { isNew?: boolean }) {
  return (
    <SimpleForm
      defaultValues={{ schedule: { kind: 'weekly', weekdays: [1] }, end_date: null, paused: false, lines: [] }}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <ReferenceInput
        source="location_id"
        reference="locations"
        filter={{ active: true }}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={200}
      >
        <SelectInput optionText="name" validate={required()} />
      </ReferenceInput>
      <RequesterInput />
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      <RadioButtonGroupInput source="schedule.kind" choices={KIND_CHOICES} validate={required()} />
      <FormDataConsumer<{ schedule?: { kind?: string } }>>
        {({ formData }) =>
          formData.schedule?.kind === 'monthly' ? (
            <NumberInput
              source="schedule.day"
              label="supply_hub.standing_orders.day"
              validate={[required(), number(), minValue(1), maxValue(31)]}
              step={1}
            />
          ) : (
            <CheckboxGroupInput
              source="schedule.weekdays"
              label="supply_hub.standing_orders.weekdays"
              choices={WEEKDAY_CHOICES}
              validate={required()}
            />
          )
        }
      </FormDataConsumer>
      <DateInput source="start_date" validate={required()} />
      <DateInput source="end_date" parse={(value: string) => value || null} />
      {!isNew && <BooleanInput source="paused" />}
      <TextInput
        source="delivery_note"
        multiline
        validate={maxLength(500)}
        helperText="supply_hub.supplier_text.delivery_note_help"
        parse={(value: string) => value || null}
      />
      <ArrayInput source="lines" validate={required()}>
        <SimpleFormIterator inline>
          <ProductAsinInput />
          <NumberInput
            source="quantity"
            label="supply_hub.standing_orders.quantity"
            validate={[required(), number(), minValue(1), maxValue(9999)]}
            helperText={false}
            step={1}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
