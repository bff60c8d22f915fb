import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

import type { AdminOrder } from '../../providers/records';

type FulfilmentStatus = NonNullable<AdminOrder['fulfilment_status']>;

const COLORS: Partial<Record<FulfilmentStatus, 'success' | 'error' | 'warning' | 'info'>> = {
  received: 'success',
  rejected_by_supplier: 'error',
  backordered: 'warning',
  partially_confirmed: 'warning',
  shipped: 'info',
  partially_shipped: 'info',
  partially_received: 'info',
};

/** A submitted order's fulfilment (the orders list's fulfilment column), and 'Overdue' when it is. */
export function FulfilmentChip({ status, isOverdue }: { status: FulfilmentStatus; isOverdue: boolean }) {
  const translate = useTranslate();
  const label = translate(`supply_hub.fulfilment.status.${status}`);
  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[status] ?? 'default'}
        label={label}
        aria-label={translate('supply_hub.fulfilment.chip_label', { status: label })}
        data-testid="fulfilment-chip"
      />
      {isOverdue && <Chip size="small" color="error" label={translate('supply_hub.fulfilment.overdue')} />}
    </>
  );
}
