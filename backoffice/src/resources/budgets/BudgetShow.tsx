import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  DateField,
  EditButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import type { Budget } from '../../providers/records';
import { useCanEditBudgets } from './useCanEditBudgets';

const USD = { style: 'currency', currency: 'USD' } as const;

/** Every saved value of the budget, oldest first: who changed it and when. */
function BudgetHistory() {
  const record = useRecordContext<Budget>();
  const translate = useTranslate();
  const dataProvider = useSupplyHubDataProvider();
  const history = useQuery({
    queryKey: ['budgets', record?.id, 'history'],
    queryFn: () => dataProvider.getBudgetHistory(String(record?.id)),
    enabled: record !== undefined,
  });
  if (!history.data) return null;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={translate('supply_hub.budgets.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('supply_hub.budgets.changed_at')}</TableCell>
            <TableCell>{translate('supply_hub.budgets.changed_by')}</TableCell>
            <TableCell>{translate('resources.budgets.fields.period')}</TableCell>
            <TableCell align="right">{translate('resources.budgets.fields.amount')}</TableCell>
            <TableCell>{translate('resources.budgets.fields.policy')}</TableCell>
            <TableCell align="right">{translate('resources.budgets.fields.alert_threshold')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.data.map((change) => (
            <TableRow key={change.id}>
              <TableCell>{new Date(change.changed_at).toLocaleString()}</TableCell>
              <TableCell>{change.changed_by ?? '—'}</TableCell>
              <TableCell>{translate(`supply_hub.budgets.period.${change.period}`)}</TableCell>
              <TableCell align="right">{formatUsd(change.amount)}</TableCell>
              <TableCell>{translate(`supply_hub.budgets.policy.${change.policy}`)}</TableCell>
              <TableCell align="right">{change.alert_threshold} %</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A budget with this period's figures and its history; finance reads it, admins may edit. */
export default function BudgetShow() {
  const translate = useTranslate();
  const canEdit = useCanEditBudgets();
  return (
    <Show<Budget> actions={<TopToolbar>{canEdit && <EditButton />}</TopToolbar>}>
      <SimpleShowLayout>
        <TextField source="department_name" />
        <TextField source="period" />
        <NumberField source="amount" options={USD} />
        <NumberField source="committed" options={USD} />
        <NumberField source="spent" options={USD} />
        <NumberField source="remaining" options={USD} />
        <NumberField source="used_percent" />
        <TextField source="policy" />
        <NumberField source="alert_threshold" />
        <DateField source="updated_at" showTime />
        <Typography component="h2" variant="subtitle1">
          {translate('supply_hub.budgets.history')}
        </Typography>
        <BudgetHistory />
      </SimpleShowLayout>
    </Show>
  );
}
