import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';

import type { AdminUser } from '../../providers/records';
import { ApprovalDialog } from './ApprovalDialog';

/** The account's approval, with Approve or Un-approve (decisions.md: account approval). */
export function ApprovalCell() {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  const [isOpen, setOpen] = useState(false);
  if (!user) return null;
  const isApproved = user.onboarding_approved;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={isApproved ? 'success' : 'warning'}
        variant={isApproved ? 'outlined' : 'filled'}
        label={translate(isApproved ? 'supply_hub.users.approved' : 'supply_hub.users.pending_approval')}
        title={user.approval_notes ?? undefined}
      />
      <Button size="small" onClick={() => setOpen(true)}>
        {translate(isApproved ? 'supply_hub.users.unapprove' : 'supply_hub.users.approve')}
      </Button>
      {isOpen && <ApprovalDialog ids={[user.id]} isApproving={!isApproved} onClose={() => setOpen(false)} />}
    </Box>
  );
}

/** Bulk Approve or Un-approve of the selected rows, in one request. */
export function BulkApprovalButton({ isApproving }: { isApproving: boolean }) {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems } = useListContext<AdminUser>();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button size="small" variant={isApproving ? 'contained' : 'outlined'} onClick={() => setOpen(true)}>
        {translate(isApproving ? 'supply_hub.users.approve' : 'supply_hub.users.unapprove')}
      </Button>
      {isOpen && (
        <ApprovalDialog
          ids={selectedIds.map(String)}
          isApproving={isApproving}
          onClose={() => setOpen(false)}
          onDone={() => onUnselectItems()}
        />
      )}
    </>
  );
}
