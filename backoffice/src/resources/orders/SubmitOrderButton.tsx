import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SubmissionResult } from '@supply-hub/api/contracts';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';

import type { AdminOrder } from '../../providers/records';
import { ShippingAddressDialog } from '../users/ShippingAddressDialog';
import { useSubmitOrder, type SubmitMode } from './useSubmitOrder';

const LABELS: Record<SubmitMode, string> = {
  approve: 'supply_hub.approval.approve',
  retry: 'supply_hub.approval.retry',
};

/**
 * 'Approve & Order' on a pending order, 'Retry Submission' on a failed one. Disabled while
 * submitting and while the requester has no shipping address (admin-portal §4); should the server
 * still find none, the add-address dialog opens instead.
 */
export function SubmitOrderButton({
  order,
  mode,
  onResult,
}: {
  order: AdminOrder;
  mode: SubmitMode;
  onResult: (result: SubmissionResult) => void;
}) {
  const translate = useTranslate();
  const hintId = useId();
  const [isAddressOpen, setAddressOpen] = useState(false);
  const submission = useSubmitOrder(order, mode, { onResult, onMissingShipTo: () => setAddressOpen(true) });
  const hasAddress = order.ship_to_status !== null;
  // Only the last approval level sends the order; an earlier one just approves.
  const label =
    mode === 'approve' && order.approval.waiting_for.length > 1 ? 'supply_hub.approval.approve_level' : LABELS[mode];
  return (
    <>
      {!hasAddress && (
        <Typography id={hintId} variant="body2" color="warning.dark" sx={{ alignSelf: 'center' }}>
          {translate('supply_hub.approval.needs_address')}
        </Typography>
      )}
      <Box>
        <Button
          variant="contained"
          color={mode === 'approve' ? 'primary' : 'warning'}
          disabled={!hasAddress || submission.isPending}
          loading={submission.isPending}
          aria-describedby={hasAddress ? undefined : hintId}
          onClick={() => submission.mutate()}
        >
          {translate(label)}
        </Button>
      </Box>
      <ShippingAddressDialog
        open={isAddressOpen}
        onClose={() => setAddressOpen(false)}
        userId={order.user_id}
        name={order.requester_name}
        address={null}
      />
    </>
  );
}
