import { CreateButton, DataTable, List, TopToolbar } from 'react-admin';

import { CsvImportButton } from '../../components/CsvImportButton';
import type { Budget } from '../../providers/records';
import { useCanEditBudgets } from './useCanEditBudgets';

/** /admin/budgets: each department's budget with this period's committed, spent and remaining (finance: read only). */
export default function BudgetList() {
  const canEdit = useCanEditBudgets();
  return (
    <List<Budget>
      sort={{ field: 'department_name', order: 'ASC' }}
      perPage={50}
      actions={
        <TopToolbar>
          {canEdit && <CreateButton />}
          {canEdit && <CsvImportButton kind="budgets" />}
        </TopToolbar>
      }
    >
      <DataTable<Budget> rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={false}>
        <DataTable.Col source="department_name" />
        <DataTable.Col source="period" />
        <DataTable.NumberCol source="amount" options={{ style: 'currency', currency: 'USD' }} />
        <DataTable.NumberCol source="committed" options={{ style: 'currency', currency: 'USD' }} disableSort />
        <DataTable.NumberCol source="spent" options={{ style: 'currency', currency: 'USD' }} disableSort />
        <DataTable.NumberCol source="remaining" options={{ style: 'currency', currency: 'USD' }} disableSort />
        <DataTable.Col source="used_percent" disableSort render={(budget) => `${budget.used_percent} %`} />
        <DataTable.Col source="policy" />
      </DataTable>
    </List>
  );
}
