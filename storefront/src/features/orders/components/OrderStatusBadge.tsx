import Chip from '@mui/material/Chip';
import { displayStatus, type OrderStatus } from '@supply-hub/api/contracts';

/** Badge styles per status (provider-portal §4); dark text on a light tint keeps contrast above 4.5:1. */
const BADGE_STYLES: Record<OrderStatus, { label: string; color: string; backgroundColor: string }> = {
  pending: { label: 'Pending', color: '#7a4f01', backgroundColor: '#fff4d6' },
  approved: { label: 'Approved', color: '#1b5e20', backgroundColor: '#e6f4e7' },
  submitted: { label: 'Submitted', color: '#0d47a1', backgroundColor: '#e3f0fd' },
  rejected: { label: 'Rejected', color: '#b71c1c', backgroundColor: '#fdeaea' },
  failed: { label: 'Failed', color: '#880e4f', backgroundColor: '#fce4ee' },
};

/** An order's status; unknown statuses show as pending (displayStatus). */
export function OrderStatusBadge({ status }: { status: string }) {
  const style = BADGE_STYLES[displayStatus(status)];
  return (
    <Chip
      label={style.label}
      size="small"
      sx={{ color: style.color, backgroundColor: style.backgroundColor, fontWeight: 600 }}
    />
  );
}
