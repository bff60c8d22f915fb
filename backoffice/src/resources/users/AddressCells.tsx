import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { requesterDisplayName } from '@supply-hub/api/contracts';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';

import type { AdminUser } from '../../providers/records';
import { ShippingAddressDialog } from './ShippingAddressDialog';

/** The Shipping Address badge: Set or Missing (admin-portal §2.5). */
export function AddressBadge() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return user.has_shipping_address ? (
    <Chip size="small" color="success" label={translate('supply_hub.users.address_set')} />
  ) : (
    <Chip size="small" color="warning" label={translate('supply_hub.users.address_missing')} />
  );
}

/** Add Address or Edit Address, opening the shipping address dialog. */
export function AddressButton() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const [isOpen, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {translate(user.has_shipping_address ? 'supply_hub.address.edit' : 'supply_hub.address.add')}
      </Button>
      <ShippingAddressDialog
        open={isOpen}
        onClose={() => setOpen(false)}
        userId={user.id}
        name={requesterDisplayName(user)}
        address={user.shipping_address}
      />
    </>
  );
}
