import { Edit } from 'react-admin';

import { BudgetForm } from './BudgetForm';

/** Pessimistic: the server's answer shows before the list does. */
export default function BudgetEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <BudgetForm />
    </Edit>
  );
}
