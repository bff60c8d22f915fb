import Box from '@mui/material/Box';
import { displayStatus, type SubmissionResult } from '@supply-hub/api/contracts';
import { useState } from 'react';

import type { AdminOrder } from '../../providers/records';
import { RejectLinesButton } from './RejectLinesButton';
import { RejectOrderButton } from './RejectOrderButton';
import { SubmissionResultBox } from './SubmissionResultBox';
import { SubmitOrderButton } from './SubmitOrderButton';

/**
 * The commands an order offers by status, never a generic status update: Approve & Order and
 * Reject on a pending order, Retry Submission on a failed one; the result of the last attempt
 * made from this card stays below them.
 */
export function OrderCommands({ order }: { order: AdminOrder }) {
  const status = displayStatus(order.status);
  const [lastResult, setLastResult] = useState<SubmissionResult | null>(null);
  const submitMode = status === 'pending' ? 'approve' : status === 'failed' ? 'retry' : null;
  return (
    <>
      {lastResult && <SubmissionResultBox result={lastResult} />}
      {submitMode && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <SubmitOrderButton order={order} mode={submitMode} onResult={setLastResult} />
          {status === 'pending' && <RejectLinesButton order={order} onResult={setLastResult} />}
          {status === 'pending' && <RejectOrderButton order={order} />}
        </Box>
      )}
    </>
  );
}
