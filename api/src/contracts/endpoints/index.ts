import { adminCatalogEndpoints } from './admin-catalog.endpoints.js';
import { integrationsEndpoints } from './admin-integrations.endpoints.js';
import { adminOrdersEndpoints } from './admin-orders.endpoints.js';
import { adminProductsEndpoints } from './admin-products.endpoints.js';
import { adminSsoEndpoints } from './admin-sso.endpoints.js';
import { reportsEndpoints } from './admin-reports.endpoints.js';
import { settingsEndpoints } from './admin-settings.endpoints.js';
import { adminUsersEndpoints } from './admin-users.endpoints.js';
import { apiDocsEndpoints } from './api-docs.endpoints.js';
import { approvalsEndpoints } from './approvals.endpoints.js';
import { auditEndpoints } from './audit.endpoints.js';
import { authEndpoints } from './auth.endpoints.js';
import { barcodesEndpoints } from './barcodes.endpoints.js';
import { budgetsEndpoints } from './budgets.endpoints.js';
import { csvImportsEndpoints } from './csv-imports.endpoints.js';
import { recallsEndpoints } from './recalls.endpoints.js';
import { expiringStockEndpoints } from './expiring-stock.endpoints.js';
import { adminStandingOrdersEndpoints, standingOrdersEndpoints } from './standing-orders.endpoints.js';
import { punchoutEndpoints } from './punchout.endpoints.js';
import { cartEndpoints } from './cart.endpoints.js';
import { departmentsEndpoints } from './departments.endpoints.js';
import type { Endpoint } from './endpoint.js';
import { eventsEndpoints } from './events.endpoints.js';
import { fulfilmentEndpoints } from './fulfilment.endpoints.js';
import { healthEndpoints } from './health.endpoints.js';
import { invoicesEndpoints } from './invoices.endpoints.js';
import { mailEndpoints } from './mail.endpoints.js';
import { adminLocationsEndpoints, locationsEndpoints } from './locations.endpoints.js';
import { meEndpoints } from './me.endpoints.js';
import { metricsEndpoints } from './metrics.endpoints.js';
import { mfaEndpoints } from './mfa.endpoints.js';
import { oidcEndpoints } from './oidc.endpoints.js';
import { ordersEndpoints } from './orders.endpoints.js';
import { productsEndpoints } from './products.endpoints.js';
import { qaRunnerEndpoints } from './qa-runner.endpoints.js';
import { samlEndpoints } from './saml.endpoints.js';
import { sandboxSupplierEndpoints } from './sandbox-supplier.endpoints.js';
import { ssoEndpoints } from './sso.endpoints.js';
import { supplierEndpoints } from './supplier.endpoints.js';

export type { Endpoint } from './endpoint.js';
export { endpoint } from './endpoint.js';

/**
 * Every module's declarations, one line each (in the order the docs list them). A new module's `<module>.endpoints.ts` adds its map
 * here; the OpenAPI document, the completeness test and the test-time response check read this.
 */
export const endpointsByModule: Record<string, Record<string, Endpoint>> = {
  health: healthEndpoints,
  metrics: metricsEndpoints,
  auth: authEndpoints,
  mfa: mfaEndpoints,
  oidc: oidcEndpoints,
  sso: ssoEndpoints,
  saml: samlEndpoints,
  adminSso: adminSsoEndpoints,
  me: meEndpoints,
  products: productsEndpoints,
  barcodes: barcodesEndpoints,
  recalls: recallsEndpoints,
  expiringStock: expiringStockEndpoints,
  standingOrders: standingOrdersEndpoints,
  adminStandingOrders: adminStandingOrdersEndpoints,
  punchout: punchoutEndpoints,
  cart: cartEndpoints,
  locations: locationsEndpoints,
  orders: ordersEndpoints,
  events: eventsEndpoints,
  supplier: supplierEndpoints,
  sandboxSupplier: sandboxSupplierEndpoints,
  fulfilment: fulfilmentEndpoints,
  invoices: invoicesEndpoints,
  audit: auditEndpoints,
  qaRunner: qaRunnerEndpoints,
  adminUsers: adminUsersEndpoints,
  departments: departmentsEndpoints,
  budgets: budgetsEndpoints,
  csvImports: csvImportsEndpoints,
  adminLocations: adminLocationsEndpoints,
  adminProducts: adminProductsEndpoints,
  adminOrders: adminOrdersEndpoints,
  adminCatalog: adminCatalogEndpoints,
  integrations: integrationsEndpoints,
  reports: reportsEndpoints,
  settings: settingsEndpoints,
  approvals: approvalsEndpoints,
  mail: mailEndpoints,
  apiDocs: apiDocsEndpoints,
};

export const allEndpoints: readonly Endpoint[] = Object.values(endpointsByModule).flatMap((map) => Object.values(map));
