import Box from '@mui/material/Box';
import { invoiceMatchSettingsSchema, type InvoiceMatchSettings } from '@supply-hub/api/contracts/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, NumberInput, SaveButton } from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { SaveFeedback } from './SaveFeedback';
import { SettingsCard, SettingsLoadState } from './SettingsCard';
import { useSubmitFeedback } from './useSettings';

const validateInvoiceSettings = zodValidate(invoiceMatchSettingsSchema);

/** Invoice Matching: the price tolerance of the three-way match, default 2 %. */
export function InvoiceSettingsCard() {
  const dataProvider = useSupplyHubDataProvider();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['settings', 'invoice-matching'],
    queryFn: () => dataProvider.getInvoiceSettings(),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (values: InvoiceMatchSettings) => dataProvider.saveInvoiceSettings(values),
    onSuccess: (saved) => queryClient.setQueryData(['settings', 'invoice-matching'], saved),
  });
  const { submit, feedback } = useSubmitFeedback((values) =>
    save.mutateAsync({ price_tolerance_percent: Number(values.price_tolerance_percent) }),
  );

  return (
    <SettingsCard title="supply_hub.settings.invoice_matching.title">
      <SettingsLoadState isPending={settings.isPending} error={settings.error} />
      {settings.data && (
        <Form record={settings.data} onSubmit={submit} validate={validateInvoiceSettings} noValidate>
          <NumberInput
            source="price_tolerance_percent"
            label="supply_hub.settings.invoice_matching.price_tolerance_percent"
            helperText="supply_hub.settings.invoice_matching.help"
            min={0}
            max={50}
            step={0.01}
            sx={{ maxWidth: 320 }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SaveButton label="supply_hub.settings.invoice_matching.save" />
            <SaveFeedback feedback={feedback} />
          </Box>
        </Form>
      )}
    </SettingsCard>
  );
}
