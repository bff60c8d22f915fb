import Badge from '@mui/material/Badge';
import { Menu, useTranslate } from 'react-admin';

import { approvals } from '.';
import { useApprovalsWaiting } from './useApprovalsWaiting';

/** The Approvals menu item, with how many orders wait for the user's approval (live). */
export function ApprovalsMenuItem() {
  const translate = useTranslate();
  const waiting = useApprovalsWaiting(true);
  const label = waiting
    ? translate('supply_hub.approvals.menu_waiting', { count: waiting })
    : translate('supply_hub.menu.approvals');
  return (
    <Menu.Item
      to="/approvals"
      primaryText={label}
      leftIcon={
        <Badge badgeContent={waiting ?? 0} color="primary" max={99} overlap="circular">
          <approvals.icon />
        </Badge>
      }
    />
  );
}
