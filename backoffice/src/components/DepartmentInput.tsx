import { ReferenceInput, SelectInput, type Validator } from 'react-admin';

import type { Department } from '../providers/records';

/** The department_id of a form: a choice among the active departments, shown as "CODE — Name". */
export function DepartmentInput({ validate, helperText }: { validate?: Validator; helperText?: string }) {
  return (
    <ReferenceInput
      source="department_id"
      reference="departments"
      filter={{ active: true }}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={200}
    >
      <SelectInput
        optionText={(department: Department) => `${department.code} — ${department.name}`}
        validate={validate}
        helperText={helperText}
      />
    </ReferenceInput>
  );
}
