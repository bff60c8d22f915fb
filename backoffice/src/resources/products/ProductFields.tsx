import { CATEGORIES } from '@supply-hub/api/contracts';
import { NumberInput, SelectInput, TextInput } from 'react-admin';

export const CATEGORY_CHOICES = CATEGORIES.map((category) => ({ id: category, name: category }));

/** Inputs the add and edit forms share; labels and the 0.01 price step of admin-portal §5. */
export function TitleInput() {
  return <TextInput source="title" label="supply_hub.catalog.field.title" isRequired />;
}

export function CategoryInput({ isRequired }: { isRequired: boolean }) {
  return (
    <SelectInput
      source="category"
      label="supply_hub.catalog.field.category"
      choices={CATEGORY_CHOICES}
      translateChoice={false}
      emptyText={isRequired ? undefined : ' '}
      isRequired={isRequired}
    />
  );
}

export function PriceInput({ isRequired }: { isRequired: boolean }) {
  return (
    <NumberInput
      source="price"
      label="supply_hub.catalog.field.price"
      step={0.01}
      min={0}
      isRequired={isRequired}
      helperText="supply_hub.catalog.price_reseed_help"
    />
  );
}

export function DescriptionInput() {
  return <TextInput source="description" label="supply_hub.catalog.field.description" multiline minRows={3} />;
}

/** Days a received lot must still have before its expiry; shorter ones need a confirmation. */
export function MinShelfLifeInput() {
  return (
    <NumberInput
      source="min_shelf_life_days"
      label="supply_hub.catalog.field.min_shelf_life_days"
      helperText="supply_hub.catalog.min_shelf_life_help"
      min={0}
      max={3650}
      step={1}
    />
  );
}
