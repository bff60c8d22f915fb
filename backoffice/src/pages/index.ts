import { EXPIRING_STOCK_PATH, REPORTS_PATH } from '../layout/back-office-pages.rules';
import { lazyPage } from './lazyPage';

// admin-portal.md §2.1, relative to /admin. Page modules default-export their component for lazy().
// Orders, Users & Roles and the Audit Log are resources (App.tsx); the catalogue is the products
// resource's page, mounted here because its route is /admin/catalog.
export const DashboardPage = lazyPage('/dashboard', () => import('./DashboardPage'));
export const ReportsPage = lazyPage(REPORTS_PATH, () => import('./ReportsPage'));
export const HealthPage = lazyPage('/health', () => import('./HealthPage'));
export const PaapiHealthPage = lazyPage('/paapi-health', () => import('./PaapiHealthPage'));
export const AbHealthPage = lazyPage('/ab-health', () => import('./AbHealthPage'));
export const CatalogAuditPage = lazyPage('/catalog-audit', () => import('./CatalogAuditPage'));
export const CatalogPage = lazyPage('/catalog', () => import('../resources/products/ProductCatalog'));
export const SettingsPage = lazyPage('/settings', () => import('./SettingsPage'));
export const DebugPage = lazyPage('/debug', () => import('./DebugPage'));
export const QaRunnerPage = lazyPage('/qa-runner', () => import('./QaRunnerPage'));
export const RecallsPage = lazyPage('/recalls', () => import('./RecallsPage'));
export const ExpiringStockPage = lazyPage(EXPIRING_STOCK_PATH, () => import('./ExpiringStockPage'));
export const SsoPage = lazyPage('/sso', () => import('./SsoPage'));
