import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { approvalLevelsInputSchema, type ApprovalLevels } from '@supply-hub/api/contracts';
import { useMemo } from 'react';
import {
  ArrayInput,
  CheckboxGroupInput,
  Form,
  NumberInput,
  SaveButton,
  SimpleFormIterator,
  useTranslate,
} from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { errorBodyOf } from '../../providers/httpClient';
import { SaveFeedback } from './SaveFeedback';
import { SettingsCard, SettingsLoadState } from './SettingsCard';
import { useSettings, useSettingsSubmit } from './useSettings';

const validateLevels = zodValidate(approvalLevelsInputSchema);

/** The roles a level may name; super_admin counts as admin everywhere (decisions.md). */
const ROLE_CHOICES = ['admin', 'finance', 'logistics_admin', 'nurse', 'doctor', 'provider', 'user'].map((role) => ({
  id: role,
  name: `supply_hub.settings.approval_levels.role.${role}`,
}));

/** The form edits thresholds as numbers; the API answers decimal strings and takes either. */
function toFormValues(settings: ApprovalLevels) {
  return { levels: settings.levels.map((level) => ({ threshold: Number(level.threshold), roles: level.roles })) };
}

/** Approval levels (issue 18): each a threshold and the roles that may approve at it, in order. */
export function ApprovalLevelsCard() {
  const translate = useTranslate();
  const settings = useSettings('approval-levels');
  const { submit, feedback } = useSettingsSubmit('approval-levels', (error) => {
    const body = errorBodyOf(error);
    const first = body?.errors ? Object.values(body.errors)[0] : undefined;
    return first ?? body?.message ?? translate('supply_hub.common.error_saving');
  });
  const formValues = useMemo(() => settings.data && toFormValues(settings.data), [settings.data]);
  return (
    <SettingsCard title="supply_hub.settings.approval_levels.title">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('supply_hub.settings.approval_levels.help')}
      </Typography>
      <SettingsLoadState isPending={settings.isPending} error={settings.error} />
      {formValues && (
        <Form record={formValues} onSubmit={submit} validate={validateLevels} noValidate>
          <ArrayInput source="levels" label="supply_hub.settings.approval_levels.levels">
            <SimpleFormIterator inline disableReordering getItemLabel={(index) => `${index + 1}`}>
              <NumberInput
                source="threshold"
                label="supply_hub.settings.approval_levels.threshold"
                min={0}
                step={0.01}
                sx={{ maxWidth: 220 }}
              />
              <CheckboxGroupInput
                source="roles"
                label="supply_hub.settings.approval_levels.roles"
                choices={ROLE_CHOICES}
              />
            </SimpleFormIterator>
          </ArrayInput>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SaveButton label="supply_hub.settings.approval_levels.save" />
            <SaveFeedback feedback={feedback} />
          </Box>
        </Form>
      )}
    </SettingsCard>
  );
}
