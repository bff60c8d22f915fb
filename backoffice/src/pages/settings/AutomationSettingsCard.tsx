import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { automationSettingsSchema } from '@supply-hub/api/contracts';
import { useState } from 'react';
import { BooleanInput, Form, FormDataConsumer, NumberInput, SaveButton, useTranslate } from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { errorBodyOf, errorMessageOf } from '../../providers/httpClient';
import type { SettingsInputs } from '../../providers/records';
import { SaveFeedback, type Feedback } from './SaveFeedback';
import { SettingsCard } from './SettingsCard';
import { useSaveSettings, useSettings } from './useSettings';

const validateAutomation = zodValidate(automationSettingsSchema, {
  auto_approve_under_amount: 'supply_hub.settings.automation.amount_required',
});

/** $100 for a whole amount, $99.50 otherwise. */
function shownAmount(value: unknown): string {
  const amount = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** Automation Preferences (admin-portal §2.6; decisions.md: auto-approve is a real setting). */
export function AutomationSettingsCard() {
  const translate = useTranslate();
  const settings = useSettings('automation');
  const save = useSaveSettings('automation');
  const [feedback, setFeedback] = useState<Feedback>({ kind: 'idle' });

  async function submit(values: Record<string, unknown>) {
    try {
      await save.mutateAsync(values as SettingsInputs['automation']);
      setFeedback({ kind: 'saved', at: Date.now() });
    } catch (error) {
      setFeedback({ kind: 'error', message: translate('supply_hub.common.error_saving') });
      return errorBodyOf(error)?.errors;
    }
    return undefined;
  }

  return (
    <SettingsCard title="supply_hub.settings.automation.title">
      {settings.isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
      {settings.error && (
        <Alert severity="error">{errorMessageOf(settings.error, translate('supply_hub.common.unknown_error'))}</Alert>
      )}
      {settings.data && (
        <Form record={settings.data} onSubmit={submit} validate={validateAutomation} noValidate>
          <Box sx={{ display: 'grid' }}>
            <BooleanInput source="auto_sync_daily" label="supply_hub.settings.automation.auto_sync_daily" />
            <BooleanInput
              source="email_notifications_new_orders"
              label="supply_hub.settings.automation.email_notifications_new_orders"
            />
            <FormDataConsumer>
              {({ formData }) => (
                <BooleanInput
                  source="auto_approve_enabled"
                  label={translate('supply_hub.settings.automation.auto_approve', {
                    amount: shownAmount(formData.auto_approve_under_amount),
                  })}
                />
              )}
            </FormDataConsumer>
            <NumberInput
              source="auto_approve_under_amount"
              label="supply_hub.settings.automation.auto_approve_amount"
              helperText="supply_hub.settings.automation.auto_approve_help"
              min={0}
              step={0.01}
              sx={{ maxWidth: 320 }}
            />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SaveButton label="supply_hub.settings.automation.save" />
            <SaveFeedback feedback={feedback} />
          </Box>
        </Form>
      )}
    </SettingsCard>
  );
}
