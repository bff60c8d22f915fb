import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';

import { useApprovalsWaiting } from './useApprovalsWaiting';

/** "3 orders wait for your approval", with the way to them; nothing while none waits. */
export function ApprovalsWaitingNotice() {
  const translate = useTranslate();
  const waiting = useApprovalsWaiting(true);
  if (!waiting) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button component={Link} to="/approvals" color="inherit" size="small">
          {translate('supply_hub.approvals.waiting_notice_link')}
        </Button>
      }
    >
      {translate('supply_hub.approvals.waiting_notice', { smart_count: waiting })}
    </Alert>
  );
}
