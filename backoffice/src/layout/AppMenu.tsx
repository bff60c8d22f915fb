import AssessmentIcon from '@mui/icons-material/Assessment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import ScienceIcon from '@mui/icons-material/Science';
import SettingsIcon from '@mui/icons-material/Settings';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { Menu, usePermissions } from 'react-admin';

import {
  CatalogPage,
  DashboardPage,
  ExpiringStockPage,
  HealthPage,
  QaRunnerPage,
  RecallsPage,
  ReportsPage,
  SettingsPage,
  SsoPage,
} from '../pages';
import type { Permissions } from '../providers/authProvider';
import { ApprovalsMenuItem } from '../resources/approvals/ApprovalsMenuItem';
import { auditEvents } from '../resources/audit-events';
import { invoices, INVOICES_PATH } from '../resources/invoices';
import { budgets } from '../resources/budgets';
import { departments } from '../resources/departments';
import { locations } from '../resources/locations';
import { standingOrders } from '../resources/standing-orders';
import { orders } from '../resources/orders';
import { users } from '../resources/users';
import { backOfficePagesFor } from './back-office-pages.rules';

/**
 * Admin navigation, admin-portal §2.1: Dashboard, Catalog, Orders, Reports and Approvals (admins and finance),
 * Users & Roles, Settings; then the Audit Log, Health (with links to the integration health pages)
 * and the QA Runner, for admins only. Expiring stock for admins and logistics admins (the one back-office
 * page logistics opens).
 */
export function AppMenu() {
  const { permissions } = usePermissions<Permissions>();
  // The same rule as the route gate, so a menu entry never leads to a page that sends the user away.
  const pages = backOfficePagesFor(permissions?.roles ?? []);
  const isAdministrator = pages.isEverything;
  return (
    <Menu>
      {isAdministrator && (
        <>
          <Menu.Item to={DashboardPage.path} primaryText="supply_hub.menu.dashboard" leftIcon={<DashboardIcon />} />
          <Menu.Item to={CatalogPage.path} primaryText="supply_hub.menu.catalog" leftIcon={<Inventory2Icon />} />
          <Menu.Item to="/orders" primaryText="supply_hub.menu.orders" leftIcon={<orders.icon />} />
        </>
      )}
      {pages.hasExpiringStock && (
        <Menu.Item
          to={ExpiringStockPage.path}
          primaryText="supply_hub.menu.expiring_stock"
          leftIcon={<EventBusyIcon />}
        />
      )}
      {pages.hasFinancePages && (
        <>
          <Menu.Item to={ReportsPage.path} primaryText="supply_hub.menu.reports" leftIcon={<AssessmentIcon />} />
          <ApprovalsMenuItem />
        </>
      )}
      {pages.hasFinancePages && (
        <Menu.Item to={INVOICES_PATH} primaryText="supply_hub.menu.invoices" leftIcon={<invoices.icon />} />
      )}
      {pages.hasFinancePages && !isAdministrator && (
        <Menu.Item to="/budgets" primaryText="supply_hub.menu.budgets" leftIcon={<budgets.icon />} />
      )}
      {isAdministrator && (
        <>
          <Menu.Item to="/users" primaryText="supply_hub.menu.users" leftIcon={<users.icon />} />
          <Menu.Item to="/departments" primaryText="supply_hub.menu.departments" leftIcon={<departments.icon />} />
          <Menu.Item to="/budgets" primaryText="supply_hub.menu.budgets" leftIcon={<budgets.icon />} />
          <Menu.Item to="/locations" primaryText="supply_hub.menu.locations" leftIcon={<locations.icon />} />
          <Menu.Item
            to="/standing-orders"
            primaryText="supply_hub.menu.standing_orders"
            leftIcon={<standingOrders.icon />}
          />
          <Menu.Item to={RecallsPage.path} primaryText="supply_hub.menu.recalls" leftIcon={<ReportProblemIcon />} />
          <Menu.Item to={SettingsPage.path} primaryText="supply_hub.menu.settings" leftIcon={<SettingsIcon />} />
          <Menu.Item to={SsoPage.path} primaryText="supply_hub.sso.menu" leftIcon={<VpnKeyIcon />} />
          <Menu.Item to="/audit-events" primaryText="supply_hub.menu.audit_log" leftIcon={<auditEvents.icon />} />
          <Menu.Item to={HealthPage.path} primaryText="supply_hub.menu.health" leftIcon={<MonitorHeartIcon />} />
          <Menu.Item to={QaRunnerPage.path} primaryText="supply_hub.menu.qa_runner" leftIcon={<ScienceIcon />} />
        </>
      )}
    </Menu>
  );
}
