import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';

import { probes } from '../../providers/probes';
import type { AdminOrder } from '../../providers/records';

/** The supplier settings' problems as /api/health reports them (public, so finance sees them too). */
function useSupplierProblems(): string[] {
  const health = useQuery({ queryKey: ['health', 'supplier'], queryFn: probes.getHealth, staleTime: 60_000 });
  const supplier = health.data?.supplier;
  return supplier && supplier.status !== 'configured' && supplier.status !== 'unknown' ? supplier.problems : [];
}

/**
 * Why approving this order cannot succeed, shown before anyone clicks: the requester has no
 * shipping address, or — at the level that sends the order — the supplier settings cannot work.
 * Each reason says who can fix it.
 */
export function ApprovalBlockers({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const supplierProblems = useSupplierProblems();
  const sendsOrder = order.approval.waiting_for.length <= 1;
  const reasons = [
    ...(order.ship_to_status === null
      ? [translate('supply_hub.approval.blocked_no_address', { name: order.requester_name })]
      : []),
    ...(sendsOrder
      ? supplierProblems.map((problem) => translate('supply_hub.approval.blocked_supplier', { problem }))
      : []),
  ];
  if (order.status !== 'pending' || reasons.length === 0) return null;
  return (
    <Alert severity="warning">
      <Typography variant="subtitle2" component="p">
        {translate('supply_hub.approval.blocked_title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </Box>
    </Alert>
  );
}
