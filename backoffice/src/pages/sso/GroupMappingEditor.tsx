import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SSO_MAPPABLE_ROLES, type Department } from '@supply-hub/api/contracts';
import { useGetList, useTranslate } from 'react-admin';

import type { ProviderDraft } from './draft';

type Rules = Pick<ProviderDraft, 'group_attribute' | 'role_rules' | 'department_rules'>;

/** The groups attribute and the two ordered rule lists: group → role, group → department. */
export function GroupMappingEditor({
  value,
  errors,
  onChange,
}: {
  value: Rules;
  errors: Record<string, string>;
  onChange: (value: Rules) => void;
}) {
  const translate = useTranslate();
  const { data: departments = [] } = useGetList<Department>('departments', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const set = (patch: Partial<Rules>) => onChange({ ...value, ...patch });
  const removeLabel = (index: number) => translate('supply_hub.sso.mapping.remove', { index: index + 1 });

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3">
        {translate('supply_hub.sso.mapping.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('supply_hub.sso.mapping.help')}
      </Typography>
      <TextField
        label={translate('supply_hub.sso.mapping.group_attribute')}
        value={value.group_attribute}
        onChange={(event) => set({ group_attribute: event.target.value })}
        helperText={errors.group_attribute ?? translate('supply_hub.sso.mapping.group_attribute_help')}
        size="small"
      />
      <Typography variant="subtitle2" component="h4">
        {translate('supply_hub.sso.mapping.role_rules')}
      </Typography>
      {value.role_rules.map((rule, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={translate('supply_hub.sso.mapping.group')}
            value={rule.group}
            size="small"
            error={Boolean(errors[`role_rules.${index}.group`])}
            helperText={errors[`role_rules.${index}.group`]}
            onChange={(event) =>
              set({
                role_rules: value.role_rules.map((r, i) => (i === index ? { ...r, group: event.target.value } : r)),
              })
            }
          />
          <TextField
            select
            label={translate('supply_hub.sso.mapping.role')}
            value={rule.role}
            size="small"
            sx={{ minWidth: 180 }}
            onChange={(event) =>
              set({
                role_rules: value.role_rules.map((r, i) =>
                  i === index ? { ...r, role: event.target.value as typeof rule.role } : r,
                ),
              })
            }
          >
            {SSO_MAPPABLE_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {translate(`supply_hub.settings.approval_levels.role.${role}`)}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label={removeLabel(index)}
            onClick={() => set({ role_rules: value.role_rules.filter((_r, i) => i !== index) })}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => set({ role_rules: [...value.role_rules, { group: '', role: 'user' }] })}
      >
        {translate('supply_hub.sso.mapping.add_role_rule')}
      </Button>
      <Typography variant="subtitle2" component="h4">
        {translate('supply_hub.sso.mapping.department_rules')}
      </Typography>
      {value.department_rules.map((rule, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={translate('supply_hub.sso.mapping.group')}
            value={rule.group}
            size="small"
            error={Boolean(errors[`department_rules.${index}.group`])}
            helperText={errors[`department_rules.${index}.group`]}
            onChange={(event) =>
              set({
                department_rules: value.department_rules.map((r, i) =>
                  i === index ? { ...r, group: event.target.value } : r,
                ),
              })
            }
          />
          <TextField
            select
            label={translate('supply_hub.sso.mapping.department')}
            value={departments.some((d) => d.id === rule.department_id) ? rule.department_id : ''}
            size="small"
            sx={{ minWidth: 220 }}
            error={Boolean(errors[`department_rules.${index}.department_id`])}
            helperText={errors[`department_rules.${index}.department_id`]}
            onChange={(event) =>
              set({
                department_rules: value.department_rules.map((r, i) =>
                  i === index ? { ...r, department_id: event.target.value } : r,
                ),
              })
            }
          >
            {departments.map((department) => (
              <MenuItem key={department.id} value={department.id}>
                {department.name}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label={removeLabel(index)}
            onClick={() => set({ department_rules: value.department_rules.filter((_r, i) => i !== index) })}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        sx={{ alignSelf: 'flex-start' }}
        onClick={() =>
          set({ department_rules: [...value.department_rules, { group: '', department_id: departments[0]?.id ?? '' }] })
        }
      >
        {translate('supply_hub.sso.mapping.add_department_rule')}
      </Button>
    </Stack>
  );
}
