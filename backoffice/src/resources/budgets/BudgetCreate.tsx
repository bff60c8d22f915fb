import { Create } from 'react-admin';

import { BudgetForm } from './BudgetForm';

export default function BudgetCreate() {
  return (
    <Create redirect="list">
      <BudgetForm isNew />
    </Create>
  );
}
