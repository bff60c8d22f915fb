import { ArrayInput, NumberInput, SimpleFormIterator, TextInput } from 'react-admin';

/** The packaging levels' barcodes of the edit form: GTIN and the units each pack holds. */
export function ProductGtinsInput() {
  return (
    <ArrayInput source="gtins" label="supply_hub.catalog.gtins" helperText="supply_hub.catalog.gtins_help">
      <SimpleFormIterator inline disableReordering>
        <TextInput
          source="gtin"
          label="supply_hub.catalog.field.gtin"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          sx={{ minWidth: 190 }}
        />
        <NumberInput source="units" label="supply_hub.catalog.gtin_units" min={1} step={1} defaultValue={1} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
