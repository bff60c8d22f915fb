import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router';

import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import {
  AbHealthPage,
  CatalogAuditPage,
  CatalogPage,
  DashboardPage,
  DebugPage,
  ExpiringStockPage,
  HealthPage,
  PaapiHealthPage,
  QaRunnerPage,
  RecallsPage,
  ReportsPage,
  SettingsPage,
  SsoPage,
} from './pages';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { approvals } from './resources/approvals';
import { auditEvents } from './resources/audit-events';
import { invoices } from './resources/invoices';
import { budgets } from './resources/budgets';
import { departments } from './resources/departments';
import { locations } from './resources/locations';
import { standingOrders } from './resources/standing-orders';
import { orders } from './resources/orders';
import { products } from './resources/products';
import { users } from './resources/users';

/** react-admin mounts its dashboard at /admin; the route table wants /admin/dashboard (admin-portal §2.1). */
function RedirectToDashboard() {
  return <Navigate to={DashboardPage.path} replace />;
}

/** /admin/people and /admin/settings/users are old names of Users & Roles (admin-portal §2.1). */
function RedirectToUsers() {
  return <Navigate to="/users" replace />;
}

export function App() {
  return (
    <Admin
      title="Supply Hub"
      disableTelemetry
      requireAuth
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={theme}
      dashboard={RedirectToDashboard}
      // Sign-in lives on the storefront's /login (provider-portal §2), not on an /admin/login of its own.
      loginPage={false}
    >
      <Resource name="orders" {...orders} />
      <Resource name="products" {...products} />
      <Resource name="users" {...users} />
      <Resource name="departments" {...departments} />
      <Resource name="budgets" {...budgets} />
      <Resource name="locations" {...locations} />
      <Resource name="standing-orders" {...standingOrders} />
      <Resource name="audit-events" {...auditEvents} />
      <Resource name="approvals" {...approvals} />
      <Resource name="invoices" {...invoices} />
      <CustomRoutes>
        <Route path={DashboardPage.path} element={<DashboardPage />} />
        <Route path={ReportsPage.path} element={<ReportsPage />} />
        <Route path={HealthPage.path} element={<HealthPage />} />
        <Route path={PaapiHealthPage.path} element={<PaapiHealthPage />} />
        <Route path={AbHealthPage.path} element={<AbHealthPage />} />
        <Route path={CatalogAuditPage.path} element={<CatalogAuditPage />} />
        <Route path={CatalogPage.path} element={<CatalogPage />} />
        <Route path={SettingsPage.path} element={<SettingsPage />} />
        <Route path={SsoPage.path} element={<SsoPage />} />
        <Route path={DebugPage.path} element={<DebugPage />} />
        <Route path={QaRunnerPage.path} element={<QaRunnerPage />} />
        <Route path={RecallsPage.path} element={<RecallsPage />} />
        <Route path={ExpiringStockPage.path} element={<ExpiringStockPage />} />
        <Route path="/people" element={<RedirectToUsers />} />
        <Route path="/settings/users" element={<RedirectToUsers />} />
      </CustomRoutes>
    </Admin>
  );
}
