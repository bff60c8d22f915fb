import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { companySettingsSchema } from '@supply-hub/api/contracts';
import { useMemo } from 'react';
import { Form, SaveButton, SelectInput, TextInput, useTranslate } from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { SaveFeedback } from './SaveFeedback';
import { SettingsCard, SettingsLoadState } from './SettingsCard';
import { useSettings, useSettingsSubmit } from './useSettings';

const validateCompany = zodValidate(companySettingsSchema);

function timezoneChoices(current: string | null | undefined) {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((zone) => ({ id: zone, name: zone }));
}

/** Company Info (admin-portal §2.6): name, contact e-mail, phone, timezone and the bill-to address. */
export function CompanySettingsCard() {
  const translate = useTranslate();
  const settings = useSettings('company');
  const { submit, feedback } = useSettingsSubmit('company');
  const choices = useMemo(() => timezoneChoices(settings.data?.timezone), [settings.data?.timezone]);

  return (
    <SettingsCard title="supply_hub.settings.company.title">
      <SettingsLoadState isPending={settings.isPending} error={settings.error} />
      {settings.data && (
        <Form record={settings.data} onSubmit={submit} validate={validateCompany} noValidate>
          <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="name" label="supply_hub.settings.company.name" isRequired />
            <TextInput source="contact_email" label="supply_hub.settings.company.contact_email" type="email" />
            <TextInput source="phone" label="supply_hub.settings.company.phone" type="tel" />
            <SelectInput
              source="timezone"
              label="supply_hub.settings.company.timezone"
              choices={choices}
              translateChoice={false}
              isRequired
            />
          </Box>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {translate('supply_hub.settings.company.bill_to')}
          </Typography>
          <TextInput source="bill_to_street" label="supply_hub.settings.company.bill_to_street" />
          <Box sx={{ display: 'grid', gridTemplateColumns: { md: '2fr 1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="bill_to_city" label="supply_hub.settings.company.bill_to_city" />
            <TextInput
              source="bill_to_state"
              label="supply_hub.settings.company.bill_to_state"
              slotProps={{ htmlInput: { maxLength: 2 } }}
            />
            <TextInput source="bill_to_postal_code" label="supply_hub.settings.company.bill_to_postal_code" />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SaveButton label="supply_hub.settings.company.save" />
            <SaveFeedback feedback={feedback} />
          </Box>
        </Form>
      )}
    </SettingsCard>
  );
}
