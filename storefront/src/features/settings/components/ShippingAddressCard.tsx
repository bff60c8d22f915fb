import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShippingAddress } from '@supply-hub/api/contracts';
import { useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { useShippingAddress } from '../api/get-shipping-address';
import { ShippingAddressDialog } from './ShippingAddressDialog';

function AddressLines({ address }: { address: ShippingAddress }) {
  const lines = [
    address.full_name,
    address.street_line1,
    address.street_line2,
    `${address.city}, ${address.state} ${address.postal_code}`,
    address.country,
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <Typography component="address" sx={{ fontStyle: 'normal' }}>
      {lines.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </Typography>
  );
}

/** The user's one shipping address, edited in the Shipping address dialog. */
export function ShippingAddressCard() {
  const showToast = useToast();
  const state = useShippingAddress();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // A fresh dialog each time it opens, filled from the address as it is now.
  const [dialogKey, setDialogKey] = useState(0);
  const address = state.status === 'loaded' ? state.address : null;

  return (
    <Card component="section" aria-labelledby="shipping-address-title" variant="outlined">
      <CardContent>
        <Typography id="shipping-address-title" variant="h6" component="h2" gutterBottom>
          Shipping address
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {state.status === 'loading' && <Typography role="status">Loading</Typography>}
          {state.status === 'error' && <Alert severity="error">Your shipping address could not be loaded.</Alert>}
          {state.status === 'loaded' &&
            (address ? (
              <AddressLines address={address} />
            ) : (
              <Typography color="text.secondary">No shipping address yet.</Typography>
            ))}
          <Button
            variant="outlined"
            disabled={state.status !== 'loaded'}
            onClick={() => {
              setDialogKey((key) => key + 1);
              setIsDialogOpen(true);
            }}
          >
            {address ? 'Edit address' : 'Add address'}
          </Button>
        </Stack>
      </CardContent>
      <ShippingAddressDialog
        key={dialogKey}
        open={isDialogOpen}
        address={address}
        onClose={() => setIsDialogOpen(false)}
        onSaved={() => {
          setIsDialogOpen(false);
          showToast({ title: 'Shipping address saved' });
        }}
      />
    </Card>
  );
}
