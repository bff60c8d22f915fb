import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, regex, useRecordContext, useTranslate } from 'react-admin';

import { DepartmentInput } from '../../components/DepartmentInput';
import type { AdminUser } from '../../providers/records';

const limitRule = regex(/^\d+(\.\d{1,2})?$/, 'supply_hub.users.limit_rule');

/** An empty box is "no limit": the API takes null, and shows null as an empty box again. */
const parseLimit = (value: string) => (value.trim() === '' ? null : value.trim());
const formatLimit = (value: string | null | undefined) => value ?? '';

function UserEditTitle() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  return <>{user ? translate('supply_hub.users.edit_title', { email: user.email }) : ''}</>;
}

/** A per-user limit in USD; empty for none. */
function LimitInput({ source }: { source: 'order_limit' | 'monthly_limit' }) {
  const translate = useTranslate();
  return (
    <TextInput
      source={source}
      parse={parseLimit}
      format={formatLimit}
      validate={limitRule}
      helperText={translate(`supply_hub.users.${source}_help`)}
      sx={{ maxWidth: 560 }}
      fullWidth
    />
  );
}

/**
 * Users & Roles → Edit: the account's department and its per-user limits. The
 * record goes back whole (ra-data-simple-rest); the API reads only these three fields of it.
 */
export default function UserEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" redirect="list" title={<UserEditTitle />}>
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="email" disabled />
        <DepartmentInput helperText={translate('supply_hub.users.department_help')} />
        <LimitInput source="order_limit" />
        <LimitInput source="monthly_limit" />
      </SimpleForm>
    </Edit>
  );
}
