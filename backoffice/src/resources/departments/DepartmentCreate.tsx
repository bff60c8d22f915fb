import { Create } from 'react-admin';

import { DepartmentForm } from './DepartmentForm';

export default function DepartmentCreate() {
  return (
    <Create redirect="list">
      <DepartmentForm isNew />
    </Create>
  );
}
