import { Admin, CustomRoutes } from 'react-admin';
import { Navigate, Route } from 'react-router';

import { Layout } from './layout/Layout';
import {
  AbHealthPage,
  CatalogAuditPage,
  CatalogPage,
  DashboardPage,
  DebugPage,
  HealthPage,
  OrdersPage,
  PaapiHealthPage,
  QaRunnerPage,
  ReportsPage,
  SettingsPage,
  UsersPage,
} from './pages';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';

/** react-admin mounts its dashboard at /admin; the route table wants /admin/dashboard (admin-portal §2.1). */
function RedirectToDashboard() {
  return <Navigate to={DashboardPage.path} replace />;
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
      dashboard={RedirectToDashboard}
      // Sign-in lives on the storefront's /login (provider-portal §2), not on an /admin/login of its own.
      loginPage={false}
    >
      <CustomRoutes>
        <Route path={DashboardPage.path} element={<DashboardPage />} />
        <Route path={ReportsPage.path} element={<ReportsPage />} />
        <Route path={HealthPage.path} element={<HealthPage />} />
        <Route path={PaapiHealthPage.path} element={<PaapiHealthPage />} />
        <Route path={AbHealthPage.path} element={<AbHealthPage />} />
        <Route path={CatalogAuditPage.path} element={<CatalogAuditPage />} />
        <Route path={CatalogPage.path} element={<CatalogPage />} />
        <Route path={OrdersPage.path} element={<OrdersPage />} />
        <Route path={UsersPage.path} element={<UsersPage />} />
        <Route path={SettingsPage.path} element={<SettingsPage />} />
        <Route path={DebugPage.path} element={<DebugPage />} />
        <Route path={QaRunnerPage.path} element={<QaRunnerPage />} />
      </CustomRoutes>
    </Admin>
  );
}
