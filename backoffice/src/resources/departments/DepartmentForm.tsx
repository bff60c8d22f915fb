import {
  AutocompleteArrayInput,
  BooleanInput,
  ReferenceArrayInput,
  SimpleForm,
  TextInput,
  maxLength,
  regex,
  required,
} from 'react-admin';

const validateCode = [required(), regex(/^\s*[A-Za-z0-9][A-Za-z0-9_-]{0,19}\s*$/, 'supply_hub.departments.code_rule')];
const validateName = [required(), maxLength(100)];

/**
 * Code, name, Active (deactivating keeps the department's members and history) and the budget
 * owners, who get the budget's threshold alert with finance.
 */
export function DepartmentForm({ isNew }: { isNew?: boolean }) {
  return (
    <SimpleForm>
      <TextInput source="code" validate={validateCode} helperText="supply_hub.departments.code_help" />
      <TextInput source="name" validate={validateName} />
      <TextInput source="site" validate={maxLength(100)} helperText="supply_hub.departments_site.help" />
      {!isNew && <BooleanInput source="active" helperText="supply_hub.departments.active_help" />}
      <ReferenceArrayInput source="budget_owner_ids" reference="users" sort={{ field: 'email', order: 'ASC' }}>
        <AutocompleteArrayInput
          optionText="email"
          filterToQuery={(search: string) => ({ q: search })}
          helperText="supply_hub.departments.budget_owners_help"
          sx={{ minWidth: 360 }}
        />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}
