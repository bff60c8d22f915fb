import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { shippingAddressSchema, US_STATES, usStateLabel, type ShippingAddress } from '@supply-hub/api/contracts';
import { useId } from 'react';
import { Form, SaveButton, SelectInput, TextInput, useNotify, useRefresh, useTranslate } from 'react-admin';

import { zodValidate } from '../../forms/zodValidate';
import { useSupplyHubDataProvider } from '../../providers/dataProvider';
import { errorBodyOf, errorMessageOf } from '../../providers/httpClient';
import type { ShippingAddressInput } from '../../providers/records';

const validateAddress = zodValidate(shippingAddressSchema);

export interface ShippingAddressDialogProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  /** The requester's display name, shown in the dialog and proposed as the recipient. */
  name: string;
  address: ShippingAddress | null;
}

/** The one shipping address of a user (admin-portal §2.4 Add Address, §2.5 Add/Edit Address). */
export function ShippingAddressDialog({ open, onClose, userId, name, address }: ShippingAddressDialogProps) {
  const titleId = useId();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useSupplyHubDataProvider();
  const initial: ShippingAddressInput = address ?? {
    full_name: name,
    street_line1: '',
    street_line2: null,
    city: '',
    state: '',
    postal_code: '',
    country: 'US',
    phone: null,
  };

  async function save(values: Record<string, unknown>) {
    try {
      await dataProvider.saveUserAddress(userId, values as ShippingAddressInput);
      notify('supply_hub.address.saved', { type: 'success' });
      onClose();
      refresh();
    } catch (error) {
      const fieldErrors = errorBodyOf(error)?.errors;
      if (fieldErrors) return fieldErrors;
      notify(errorMessageOf(error, translate('supply_hub.common.save_failed')), { type: 'error' });
    }
    return undefined;
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {open && (
        <Form record={initial} onSubmit={save} validate={validateAddress} noValidate>
          <DialogTitle id={titleId}>{translate('supply_hub.address.dialog_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>
              {translate('supply_hub.address.dialog_subtitle', { name })}
            </DialogContentText>
            <TextInput source="full_name" label="supply_hub.address.full_name" autoComplete="name" />
            <TextInput source="street_line1" label="supply_hub.address.street_line1" autoComplete="address-line1" />
            <TextInput source="street_line2" label="supply_hub.address.street_line2" autoComplete="address-line2" />
            <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr 1fr' }, columnGap: 2 }}>
              <TextInput source="city" label="supply_hub.address.city" autoComplete="address-level2" />
              {/* A list of states (2-letter codes stored), never free text cut to 2 characters. */}
              <SelectInput
                source="state"
                label="supply_hub.address.state"
                choices={[...US_STATES]}
                optionValue="code"
                optionText={usStateLabel}
                translateChoice={false}
              />
              <TextInput source="postal_code" label="supply_hub.address.postal_code" autoComplete="postal-code" />
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 2fr' }, columnGap: 2 }}>
              <TextInput
                source="country"
                label="supply_hub.address.country"
                autoComplete="country"
                slotProps={{ htmlInput: { maxLength: 2 } }}
              />
              <TextInput source="phone" label="supply_hub.address.phone" autoComplete="tel" />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('supply_hub.common.cancel')}</Button>
            <SaveButton label="supply_hub.address.save" alwaysEnable />
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
