import Chip from '@mui/material/Chip';
import { displayStatus } from '@supply-hub/api/contracts';
import { ORDER_STATUS_BADGES } from '@supply-hub/api/contracts/order-status.presentation';
import { useTranslate } from 'react-admin';

/** Unknown statuses display as pending (admin-portal §4). Colours shared with the storefront. */
export function OrderStatusBadge({ status }: { status: string }) {
  const translate = useTranslate();
  const shown = displayStatus(status);
  const badge = ORDER_STATUS_BADGES[shown];
  return (
    <Chip
      size="small"
      label={translate(`supply_hub.orders.status.${shown}`)}
      sx={{ color: badge.color, backgroundColor: badge.backgroundColor, fontWeight: 600 }}
    />
  );
}
