import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import { Menu } from 'react-admin';

import { CatalogPage, DashboardPage, OrdersPage, ReportsPage, SettingsPage, UsersPage } from '../pages';

/**
 * Admin navigation, admin-portal §2.1. Reports (admin, super_admin, finance) and Users & Roles
 * (admin, super_admin) get hidden by permissions once the identity issue provides them.
 */
export function AppMenu() {
  return (
    <Menu>
      <Menu.Item to={DashboardPage.path} primaryText="supply_hub.menu.dashboard" leftIcon={<DashboardIcon />} />
      <Menu.Item to={CatalogPage.path} primaryText="supply_hub.menu.catalog" leftIcon={<Inventory2Icon />} />
      <Menu.Item to={OrdersPage.path} primaryText="supply_hub.menu.orders" leftIcon={<ReceiptLongIcon />} />
      <Menu.Item to={ReportsPage.path} primaryText="supply_hub.menu.reports" leftIcon={<AssessmentIcon />} />
      <Menu.Item to={UsersPage.path} primaryText="supply_hub.menu.users" leftIcon={<PeopleIcon />} />
      <Menu.Item to={SettingsPage.path} primaryText="supply_hub.menu.settings" leftIcon={<SettingsIcon />} />
    </Menu>
  );
}
