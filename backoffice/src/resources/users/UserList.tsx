import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { requesterDisplayName } from '@supply-hub/api/contracts';
import {
  CreateButton,
  DataTable,
  DataTableClasses,
  EditButton,
  ListBase,
  Pagination,
  useListContext,
  useTranslate,
} from 'react-admin';

import { CsvImportButton } from '../../components/CsvImportButton';
import { LabelledRowCheckboxes } from '../../components/LabelledRowCheckboxes';
import { useListFilterSetter } from '../../components/useListFilterSetter';
import { PageHeader } from '../../layout/PageHeader';
import type { AdminUser } from '../../providers/records';
import { AccountStatusCell } from './AccountStatusCell';
import { AddressBadge, AddressButton } from './AddressCells';
import { ApprovalCell, BulkApprovalButton } from './ApprovalCell';
import { BulkDepartmentButton } from './DepartmentDialog';
import { RoleChips } from './RoleChips';
import { SignInPauseNotice } from './SignInPauseNotice';
import { SignInPausedFilter, UserGroupTabs, UserSearch } from './UserFilters';

function UsersEmpty() {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography>{translate('supply_hub.users.empty')}</Typography>
    </Paper>
  );
}

function UsersView() {
  const translate = useTranslate();
  const { error } = useListContext<AdminUser>();
  const setFilter = useListFilterSetter();
  const column = (name: string) => translate(`supply_hub.users.column.${name}`);
  return (
    <>
      <PageHeader
        title="supply_hub.users.title"
        subtitle="supply_hub.users.subtitle"
        actions={
          <>
            <CreateButton />
            <CsvImportButton kind="users" />
          </>
        }
      />
      <UserGroupTabs setFilter={setFilter} />
      {/* The bulk actions toolbar slides over this row when rows are selected, as in react-admin's List. */}
      <Box sx={{ minHeight: 56, display: 'flex', alignItems: 'center', mb: 1 }}>
        <UserSearch setFilter={setFilter} />
        <SignInPausedFilter setFilter={setFilter} />
      </Box>
      {error ? (
        <Alert severity="error">{translate('supply_hub.users.load_failed')}</Alert>
      ) : (
        <Paper variant="outlined">
          <LabelledRowCheckboxes>
            <DataTable<AdminUser>
              rowClick={false}
              // The table scrolls sideways on narrow screens; the bulk toolbar above it stays put.
              sx={{ [`& .${DataTableClasses.tableWrapper}`]: { overflowX: 'auto' } }}
              empty={<UsersEmpty />}
              bulkActionButtons={
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <BulkApprovalButton isApproving />
                  <BulkApprovalButton isApproving={false} />
                  <BulkDepartmentButton />
                </Box>
              }
            >
              <DataTable.Col source="last_name" label={column('name')} render={(user) => requesterDisplayName(user)} />
              <DataTable.Col source="email" label={column('email')} />
              <DataTable.Col label={column('role')} disableSort>
                <RoleChips />
              </DataTable.Col>
              <DataTable.Col source="department" label={column('department')} disableSort />
              <DataTable.Col label={column('shipping_address')} disableSort>
                <AddressBadge />
              </DataTable.Col>
              <DataTable.Col label={column('approval')} disableSort>
                <ApprovalCell />
              </DataTable.Col>
              <DataTable.Col label={column('account')} disableSort>
                <AccountStatusCell />
                <SignInPauseNotice />
              </DataTable.Col>
              <DataTable.Col label={column('actions')} disableSort>
                <EditButton variant="outlined" />
                <AddressButton />
              </DataTable.Col>
            </DataTable>
          </LabelledRowCheckboxes>
          <Pagination />
        </Paper>
      )}
    </>
  );
}

/** /admin/users (admin-portal §2.5): group tabs, search, roles, approval, addresses, account state. */
export default function UserList() {
  return (
    <ListBase<AdminUser> sort={{ field: 'email', order: 'ASC' }} perPage={25}>
      <UsersView />
    </ListBase>
  );
}
