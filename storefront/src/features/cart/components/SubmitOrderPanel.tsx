import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { DeliveryNoteField } from '../../../components/DeliveryNoteField';
import { RouterLink } from '../../../components/RouterLink';
import { StatOrderControl, useStatOrderChoice } from '../../../components/StatOrderControl';
import { useAuth } from '../../auth';
import { useShippingAddress } from '../../settings/api/get-shipping-address';
import { isCartEmpty } from '../cart.rules';
import { useCart } from '../hooks/use-cart';

/**
 * provider-portal §2/§4: doctors, users and providers tick the authorization box and submit;
 * admins may look at the cart but not submit; other roles are told they cannot order.
 */
export function SubmitOrderPanel() {
  const { isAdmin } = useAuth();
  const { cart, canSubmit, isAuthorized, setAuthorized, submitState, submit } = useCart();
  const shippingAddress = useShippingAddress();
  const stat = useStatOrderChoice();
  const [deliveryNote, setDeliveryNote] = useState('');

  if (isAdmin) return <Alert severity="info">Admin users can view cart contents but cannot submit orders.</Alert>;
  if (!canSubmit) return <Alert severity="info">Only doctors, providers and users can submit orders.</Alert>;

  const isSubmitting = submitState.status === 'submitting';
  const needsAddress = shippingAddress.status === 'loaded' && shippingAddress.address === null;
  const isEmpty = isCartEmpty(cart);
  return (
    <Stack spacing={1}>
      {needsAddress && (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/settings" color="inherit" size="small">
              Add shipping address
            </Button>
          }
        >
          Add your shipping address before you submit: the supplier delivers there, and an order without one cannot be
          submitted.
        </Alert>
      )}
      <StatOrderControl value={stat.choice} onChange={stat.change} error={stat.error} disabled={isSubmitting} />
      <DeliveryNoteField value={deliveryNote} onChange={setDeliveryNote} disabled={isSubmitting} />
      <FormControlLabel
        control={<Checkbox checked={isAuthorized} onChange={(event) => setAuthorized(event.target.checked)} />}
        label="I authorize this order request"
      />
      <Button
        variant="contained"
        size="large"
        // The server refuses an order without a ship-to (SHIPPING_ADDRESS_REQUIRED); the warning above links to it.
        disabled={!isAuthorized || isSubmitting || isEmpty || needsAddress}
        onClick={() => {
          if (!isAuthorized) return;
          const extras = stat.validate();
          if (!extras) return;
          void submit({ ...extras, delivery_note: deliveryNote }).then((order) => {
            if (!order) return;
            stat.reset();
            setDeliveryNote('');
          });
        }}
      >
        {isSubmitting ? 'Submitting…' : 'Submit Order'}
      </Button>
      {submitState.status === 'error' && (
        <Typography role="alert" color="error" variant="body2">
          {submitState.message}
        </Typography>
      )}
    </Stack>
  );
}
