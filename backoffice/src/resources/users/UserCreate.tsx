import Typography from '@mui/material/Typography';
import { ROLES } from '@supply-hub/api/contracts/roles.rules';
import {
  BooleanInput,
  Create,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  email,
  required,
  useTranslate,
} from 'react-admin';

import { DepartmentInput } from '../../components/DepartmentInput';

/**
 * Users & Roles → Create: one account without a password (POST /api/admin/users); the server mails
 * an invitation with a link to choose the password. Many at once: Import CSV on the list.
 */
export default function UserCreate() {
  const translate = useTranslate();
  const roleChoices = ROLES.map((role) => ({ id: role, name: translate(`supply_hub.role.${role}`) }));
  return (
    <Create redirect="list" title="supply_hub.user_create.title">
      <SimpleForm defaultValues={{ roles: [], approved: true, department_id: null }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 560 }}>
          {translate('supply_hub.user_create.help')}
        </Typography>
        <TextInput source="email" type="email" validate={[required(), email()]} sx={{ maxWidth: 560 }} fullWidth />
        <TextInput source="first_name" validate={required()} />
        <TextInput source="last_name" validate={required()} />
        <SelectArrayInput source="roles" choices={roleChoices} validate={required()} />
        <DepartmentInput />
        <BooleanInput source="approved" label="supply_hub.user_create.approved" />
      </SimpleForm>
    </Create>
  );
}
