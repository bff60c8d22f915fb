import Chip, { type ChipProps } from '@mui/material/Chip';
import { displayStatus, type OrderStatus } from '@supply-hub/api/contracts';
import { useTranslate } from 'react-admin';

const COLORS: Record<OrderStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'info',
  submitted: 'success',
  failed: 'error',
  rejected: 'error',
};

/** Unknown statuses display as pending (admin-portal §4). */
export function OrderStatusBadge({ status }: { status: string }) {
  const translate = useTranslate();
  const shown = displayStatus(status);
  return (
    <Chip
      size="small"
      color={COLORS[shown]}
      variant={shown === 'rejected' ? 'outlined' : 'filled'}
      label={translate(`supply_hub.orders.status.${shown}`)}
    />
  );
}
