import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

import type { AdminOrder } from '../../providers/records';
import { ShippingAddressDialog } from '../users/ShippingAddressDialog';

/** The requester's shipping-address status: city, state and postal code, or 'No address' with Add Address. */
export function RequesterAddress({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const [isDialogOpen, setDialogOpen] = useState(false);
  const address = order.ship_to_status;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <LocationOnOutlinedIcon fontSize="small" color={address ? 'action' : 'warning'} aria-hidden />
      {address ? (
        <Typography variant="body2">{translate('supply_hub.orders.ship_to', address)}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="warning.dark">
            {translate('supply_hub.address.no_address')}
          </Typography>
          <Button size="small" variant="outlined" onClick={() => setDialogOpen(true)}>
            {translate('supply_hub.address.add')}
          </Button>
          <ShippingAddressDialog
            open={isDialogOpen}
            onClose={() => setDialogOpen(false)}
            userId={order.user_id}
            name={order.requester_name}
            address={null}
          />
        </>
      )}
    </Box>
  );
}
