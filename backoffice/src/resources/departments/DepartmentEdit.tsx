import { Edit } from 'react-admin';

import { DepartmentForm } from './DepartmentForm';

/** Pessimistic: the server's answer (a taken code, a refusal) shows before the list does. */
export default function DepartmentEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <DepartmentForm />
    </Edit>
  );
}
