import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import { isAdmin, type Role } from '@supply-hub/api/contracts';
import { Menu, usePermissions } from 'react-admin';

import { CatalogPage, DashboardPage, OrdersPage, ReportsPage, SettingsPage, UsersPage } from '../pages';

/** Admin navigation, admin-portal §2.1: Reports for admins and finance, Users & Roles for admins only. */
export function AppMenu() {
  const { permissions } = usePermissions<Role[]>();
  const roles = permissions ?? [];
  const isAdministrator = isAdmin(roles);
  return (
    <Menu>
      {isAdministrator && (
        <>
          <Menu.Item to={DashboardPage.path} primaryText="supply_hub.menu.dashboard" leftIcon={<DashboardIcon />} />
          <Menu.Item to={CatalogPage.path} primaryText="supply_hub.menu.catalog" leftIcon={<Inventory2Icon />} />
          <Menu.Item to={OrdersPage.path} primaryText="supply_hub.menu.orders" leftIcon={<ReceiptLongIcon />} />
        </>
      )}
      {(isAdministrator || roles.includes('finance')) && (
        <Menu.Item to={ReportsPage.path} primaryText="supply_hub.menu.reports" leftIcon={<AssessmentIcon />} />
      )}
      {isAdministrator && (
        <>
          <Menu.Item to={UsersPage.path} primaryText="supply_hub.menu.users" leftIcon={<PeopleIcon />} />
          <Menu.Item to={SettingsPage.path} primaryText="supply_hub.menu.settings" leftIcon={<SettingsIcon />} />
        </>
      )}
    </Menu>
  );
}
