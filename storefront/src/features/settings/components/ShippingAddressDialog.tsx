import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { shippingAddressSchema, US_STATES, usStateLabel, type ShippingAddress } from '@supply-hub/api/contracts';
import { useState, type FormEvent } from 'react';

import { isApiError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { useSaveShippingAddress } from '../api/save-shipping-address';

type AddressField = keyof ShippingAddress;
type AddressValues = Record<AddressField, string>;

function toValues(address: ShippingAddress | null): AddressValues {
  return {
    full_name: address?.full_name ?? '',
    street_line1: address?.street_line1 ?? '',
    street_line2: address?.street_line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postal_code: address?.postal_code ?? '',
    // provider-portal §9: default country US.
    country: address?.country ?? 'US',
    phone: address?.phone ?? '',
  };
}

interface ShippingAddressDialogProps {
  open: boolean;
  address: ShippingAddress | null;
  onClose(): void;
  onSaved(address: ShippingAddress): void;
}

/** provider-portal §2/§5 Shipping address dialog, checked with the shared shippingAddressSchema. */
export function ShippingAddressDialog({ open, address, onClose, onSaved }: ShippingAddressDialogProps) {
  const { fieldProps, fieldErrors, setFieldErrors, parse } = useSchemaForm(shippingAddressSchema, () =>
    toValues(address),
  );
  const [saveError, setSaveError] = useState<string | null>(null);
  const { mutateAsync: saveAddress, isPending: isSaving } = useSaveShippingAddress();

  const field = (name: AddressField, label: string) => ({ ...fieldProps(name), label, fullWidth: true });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A required field empty or a code not 2 letters: nothing is sent, the fields say why.
    const input = parse();
    if (!input) return;
    setSaveError(null);
    try {
      onSaved(await saveAddress(input));
    } catch (error) {
      if (isApiError(error)) setFieldErrors({ ...error.errors });
      setSaveError('The address could not be saved. Please try again.');
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Shipping address</DialogTitle>
      <form noValidate onSubmit={(event) => void handleSubmit(event)}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {saveError && <Alert severity="error">{saveError}</Alert>}
            <TextField {...field('full_name', 'Full name')} required autoComplete="name" />
            <TextField {...field('street_line1', 'Street line 1')} required autoComplete="address-line1" />
            <TextField {...field('street_line2', 'Street line 2 (optional)')} autoComplete="address-line2" />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...field('city', 'City')} required autoComplete="address-level2" />
              {/* A list of states (2-letter codes stored), never free text cut to 2 characters. */}
              <TextField
                {...field('state', 'State')}
                select
                required
                autoComplete="address-level1"
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="" disabled>
                  Choose a state
                </option>
                {US_STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {usStateLabel(state)}
                  </option>
                ))}
              </TextField>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField {...field('postal_code', 'Postal code')} required autoComplete="postal-code" />
              <TextField
                {...field('country', 'Country')}
                required
                autoComplete="country"
                helperText={fieldErrors.country ?? '2 letters, e.g. US'}
                slotProps={{ htmlInput: { maxLength: 2 } }}
              />
            </Stack>
            <TextField {...field('phone', 'Phone (optional)')} type="tel" autoComplete="tel" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save address'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
