import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { supplierTextSettingsInputSchema } from '@supply-hub/api/contracts';
import { Form, SaveButton, TextInput, useTranslate } from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { SaveFeedback } from './SaveFeedback';
import { SettingsCard, SettingsLoadState } from './SettingsCard';
import { useSettings, useSettingsSubmit } from './useSettings';

const validatePatterns = zodValidate(supplierTextSettingsInputSchema);

/** The list as the form edits it: one pattern per line. */
const patternsAsLines = (patterns: unknown) => (Array.isArray(patterns) ? patterns.join('\n') : '');
const linesAsPatterns = (text: string) => (text ?? '').split('\n');

/** What the patient-data guard checks in text for the supplier, besides its built-in shapes. */
export function SupplierTextSettingsCard() {
  const translate = useTranslate();
  const settings = useSettings('supplier-text');
  const { submit, feedback } = useSettingsSubmit('supplier-text');

  return (
    <SettingsCard title="supply_hub.supplier_text.title">
      <SettingsLoadState isPending={settings.isPending} error={settings.error} />
      {settings.data && (
        <Form record={settings.data} onSubmit={submit} validate={validatePatterns} noValidate>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('supply_hub.supplier_text.intro')}
          </Typography>
          <TextInput
            source="medical_record_pattern"
            label="supply_hub.supplier_text.medical_record_pattern"
            helperText={translate('supply_hub.supplier_text.medical_record_pattern_help', {
              pattern: settings.data.default_medical_record_pattern,
            })}
          />
          <TextInput
            source="extra_patterns"
            label="supply_hub.supplier_text.extra_patterns"
            helperText="supply_hub.supplier_text.extra_patterns_help"
            multiline
            minRows={3}
            format={patternsAsLines}
            parse={linesAsPatterns}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SaveButton label="supply_hub.supplier_text.save" />
            <SaveFeedback feedback={feedback} />
          </Box>
        </Form>
      )}
    </SettingsCard>
  );
}
