import Box from '@mui/material/Box';
import { displayStatus } from '@supply-hub/api/contracts';

import type { AdminOrder } from '../../providers/records';
import { RejectOrderButton } from './RejectOrderButton';

/**
 * The commands an order offers by status. SLOT: 'Approve & Order' (pending) and 'Retry Submission'
 * (failed), with the submission result box, arrive with the approval issue; they go here as
 * command buttons beside Reject, never as a generic status update.
 */
export function OrderCommands({ order }: { order: AdminOrder }) {
  const status = displayStatus(order.status);
  if (status !== 'pending') return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <RejectOrderButton order={order} />
    </Box>
  );
}
