import { NumberInput, SelectInput, SimpleForm, TextInput, maxValue, minValue, regex, required } from 'react-admin';

import { DepartmentInput } from '../../components/DepartmentInput';

const PERIODS = [
  { id: 'month', name: 'supply_hub.budgets.period.month' },
  { id: 'quarter', name: 'supply_hub.budgets.period.quarter' },
  { id: 'year', name: 'supply_hub.budgets.period.year' },
];
const POLICIES = [
  { id: 'stop', name: 'supply_hub.budgets.policy.stop' },
  { id: 'warn', name: 'supply_hub.budgets.policy.warn' },
];

/** The department is chosen once; period, amount (USD), policy and alert threshold change from this period on. */
export function BudgetForm({ isNew }: { isNew?: boolean }) {
  return (
    <SimpleForm defaultValues={{ alert_threshold: 80, period: 'month', policy: 'stop' }}>
      {isNew && <DepartmentInput validate={required()} />}
      <SelectInput source="period" choices={PERIODS} validate={required()} />
      <TextInput
        source="amount"
        validate={[required(), regex(/^\d+(\.\d{1,2})?$/, 'supply_hub.budgets.amount_rule')]}
      />
      <SelectInput source="policy" choices={POLICIES} validate={required()} />
      <NumberInput source="alert_threshold" validate={[required(), minValue(1), maxValue(100)]} />
    </SimpleForm>
  );
}
