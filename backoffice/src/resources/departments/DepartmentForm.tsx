import { BooleanInput, SimpleForm, TextInput, maxLength, regex, required } from 'react-admin';

const validateCode = [required(), regex(/^\s*[A-Za-z0-9][A-Za-z0-9_-]{0,19}\s*$/, 'supply_hub.departments.code_rule')];
const validateName = [required(), maxLength(100)];

/** Code, name and Active: deactivating keeps the department's members and history. */
export function DepartmentForm({ isNew }: { isNew?: boolean }) {
  return (
    <SimpleForm>
      <TextInput source="code" validate={validateCode} helperText="supply_hub.departments.code_help" />
      <TextInput source="name" validate={validateName} />
      {!isNew && <BooleanInput source="active" helperText="supply_hub.departments.active_help" />}
    </SimpleForm>
  );
}
