import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { automationSettingsSchema, type AutomationSettings } from '@supply-hub/api/contracts';
import { BooleanInput, Form, FormDataConsumer, NumberInput, SaveButton, useTranslate } from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { SaveFeedback } from './SaveFeedback';
import { SettingsCard, SettingsLoadState } from './SettingsCard';
import { useSettings, useSettingsSubmit } from './useSettings';

const validateAutomation = zodValidate(automationSettingsSchema, {
  auto_approve_under_amount: 'supply_hub.settings.automation.amount_required',
  max_order_total: 'supply_hub.settings.automation.max_order_total_required',
});

/** $100 for a whole amount, $99.50 otherwise (the API answers '100.00'; the input gives numbers). */
function shownAmount(value: unknown): string {
  const parsed = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
  const amount = Number.isFinite(parsed) ? parsed : 0;
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** The form edits money as numbers (the inputs show 250000, not 250000.00); the API takes either. */
function toFormValues(settings: AutomationSettings) {
  return {
    ...settings,
    auto_approve_under_amount: Number(settings.auto_approve_under_amount),
    max_order_total: Number(settings.max_order_total),
    stat_auto_approve_under:
      settings.stat_auto_approve_under === null ? null : Number(settings.stat_auto_approve_under),
  };
}

/** Automation Preferences (admin-portal §2.6; decisions.md: auto-approve is a real setting). */
export function AutomationSettingsCard() {
  const translate = useTranslate();
  const settings = useSettings('automation');
  const { submit, feedback } = useSettingsSubmit('automation');
  const formValues = useMemo(() => settings.data && toFormValues(settings.data), [settings.data]);

  return (
    <SettingsCard title="supply_hub.settings.automation.title">
      <SettingsLoadState isPending={settings.isPending} error={settings.error} />
      {formValues && (
        <Form record={formValues} onSubmit={submit} validate={validateAutomation} noValidate>
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
            <NumberInput
              source="max_order_total"
              label="supply_hub.settings.automation.max_order_total"
              helperText="supply_hub.settings.automation.max_order_total_help"
              min={1}
              step={0.01}
              sx={{ maxWidth: 320 }}
            />
            <NumberInput
              source="stat_auto_approve_under"
              label="supply_hub.settings.automation.stat_auto_approve_under"
              helperText="supply_hub.settings.automation.stat_auto_approve_help"
              min={0.01}
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
