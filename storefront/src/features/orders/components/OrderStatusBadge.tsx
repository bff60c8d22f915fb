import Chip from '@mui/material/Chip';
import { displayStatus } from '@supply-hub/api/contracts';
import { ORDER_STATUS_BADGES } from '@supply-hub/api/contracts/order-status.presentation';

/** An order's status; unknown statuses show as pending (displayStatus). Colours shared with the back office. */
export function OrderStatusBadge({ status }: { status: string }) {
  const badge = ORDER_STATUS_BADGES[displayStatus(status)];
  return (
    <Chip
      label={badge.label}
      size="small"
      sx={{ color: badge.color, backgroundColor: badge.backgroundColor, fontWeight: 600 }}
    />
  );
}
