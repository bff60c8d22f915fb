import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ApprovalLevelWithoutApprover } from '@supply-hub/api/contracts';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { Link as RouterLink } from 'react-router';

import { SettingsPage } from '../index';
import { useReportsText } from '../reports/useReportsText';

/** The orders list at the Pending tab, filtered to the orders waiting at this level. */
function ordersWaitingAt(level: number) {
  const filter = JSON.stringify({ status: 'pending', approval_level: level });
  return { pathname: '/orders', search: `?${new URLSearchParams({ filter })}` };
}

/**
 * The approval levels nobody can approve any more (their last approver was disabled, un-approved or
 * lost the role), in red, each with the pending orders it holds up and a link to them. Nothing when
 * every level has an approver.
 */
export function ApprovalLevelWatch({ levels }: { levels: readonly ApprovalLevelWithoutApprover[] }) {
  const text = useReportsText();
  if (levels.length === 0) return null;
  return (
    <Alert severity="error" variant="outlined">
      <AlertTitle>{text('dashboard.approvals_blocked')}</AlertTitle>
      {text('dashboard.approvals_blocked_help')}{' '}
      <Link component={RouterLink} to="/users">
        {text('dashboard.approvals_blocked_users')}
      </Link>
      {' · '}
      <Link component={RouterLink} to={SettingsPage.path}>
        {text('dashboard.approvals_blocked_settings')}
      </Link>
      <List dense disablePadding>
        {levels.map((level) => (
          <ListItem key={level.level} disableGutters>
            <ListItemText
              primary={text('dashboard.approvals_blocked_level', {
                level: level.level,
                reach:
                  Number(level.threshold) === 0
                    ? text('dashboard.approvals_blocked_every_order')
                    : text('dashboard.approvals_blocked_from', { amount: formatUsd(level.threshold) }),
                smart_count: level.blocked_orders,
              })}
              secondary={
                level.blocked_orders > 0 && (
                  <Link component={RouterLink} to={ordersWaitingAt(level.level)}>
                    {text('dashboard.approvals_blocked_link', { level: level.level })}
                  </Link>
                )
              }
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
