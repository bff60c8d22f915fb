import { lazyPage } from './lazyPage';

// admin-portal.md §2.1, relative to /admin. Page modules default-export their component for lazy().
export const DashboardPage = lazyPage('/dashboard', () => import('./DashboardPage'));
export const ReportsPage = lazyPage('/reports', () => import('./ReportsPage'));
export const HealthPage = lazyPage('/health', () => import('./HealthPage'));
export const PaapiHealthPage = lazyPage('/paapi-health', () => import('./PaapiHealthPage'));
export const AbHealthPage = lazyPage('/ab-health', () => import('./AbHealthPage'));
export const CatalogAuditPage = lazyPage('/catalog-audit', () => import('./CatalogAuditPage'));
export const CatalogPage = lazyPage('/catalog', () => import('./CatalogPage'));
export const OrdersPage = lazyPage('/orders', () => import('./OrdersPage'));
export const UsersPage = lazyPage('/users', () => import('./UsersPage'));
export const SettingsPage = lazyPage('/settings', () => import('./SettingsPage'));
export const DebugPage = lazyPage('/debug', () => import('./DebugPage'));
export const QaRunnerPage = lazyPage('/qa-runner', () => import('./QaRunnerPage'));
