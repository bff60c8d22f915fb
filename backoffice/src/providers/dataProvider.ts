import type {
  ApproveOrderInput,
  CatalogAudit,
  GtinImportResult,
  LocationCount,
  ExpiringLotList,
  RecallLookup,
  RecallQuery,
  Product,
  Role,
  StockListImportResult,
  SupplierTestOrderResult,
} from '@supply-hub/api/contracts';
import type { InvoiceMatchSettings } from '@supply-hub/api/contracts/invoices';
import type { StandingOrderRequesterList } from '@supply-hub/api/contracts/standing-orders';
import simpleRestProvider from 'ra-data-simple-rest';
import { useDataProvider, type DataProvider } from 'react-admin';

import { fetchDownload, httpClient, type Download } from './httpClient';
import type {
  BudgetChange,
  AbLogEntry,
  AdminOrder,
  AdminOrderFulfilment,
  AdminOrderFulfilmentFilter,
  AdminUser,
  BootstrapResult,
  ClearImageCacheAnswer,
  FulfilmentCounts,
  Invoice,
  IntegrationStatus,
  OrderCounts,
  PaapiTestResult,
  QaRunnerState,
  QaRunResult,
  RoleChange,
  SettingsInputs,
  SettingsKind,
  SettingsViews,
  ShippingAddressInput,
  SubmissionResponse,
} from './records';

const API_URL = '/api/admin';

async function send<T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<T> {
  const { json } = await httpClient(`${API_URL}${path}`, {
    method,
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  return json as T;
}

const id = (value: string) => encodeURIComponent(value);

/**
 * The admin API speaks ra-data-simple-rest (STYLE.md rule 7). The product's commands, which the
 * protocol lacks, are typed methods here: status changes and approvals are never a generic update.
 */
export interface SupplyHubDataProvider extends DataProvider {
  rejectOrder(orderId: string, reason?: string): Promise<AdminOrder>;
  /** pending → approved → submitted | failed (approve), or failed → submitted | failed (retry). */
  /** `level`: the approval level the approver saw the order waiting for. */
  /** Approve (at the level seen, rejecting some lines with their reasons) or retry a submission. */
  submitOrder(
    orderId: string,
    mode: 'approve' | 'retry',
    level?: number,
    rejectedLines?: ApproveOrderInput['rejected_lines'],
  ): Promise<SubmissionResponse>;
  getAbLogs(): Promise<AbLogEntry[]>;
  getIntegrationStatus(): Promise<IntegrationStatus>;
  testPaapiConnection(): Promise<PaapiTestResult>;
  clearPaapiImageCache(): Promise<ClearImageCacheAnswer>;
  createQaOrder(): Promise<AdminOrder>;
  getQaRunnerState(): Promise<QaRunnerState>;
  saveQaResult(result: QaRunResult): Promise<{ result: QaRunResult }>;
  getOrderCounts(filter: {
    department?: string;
    fulfilment?: AdminOrderFulfilmentFilter;
    approval_level?: number;
  }): Promise<OrderCounts>;
  /** An order's fulfilment and the supplier documents about it. */
  getOrderFulfilment(orderId: string): Promise<AdminOrderFulfilment>;
  getFulfilmentCounts(): Promise<FulfilmentCounts>;
  approveUsers(ids: string[], approved: boolean, notes?: string): Promise<{ updated: number }>;
  /** Puts accounts into one department: one request, all or none. */
  setUsersDepartment(ids: string[], departmentId: string): Promise<{ updated: number }>;
  setUserRole(userId: string, role: Role, change: RoleChange): Promise<AdminUser>;
  setUserDisabled(userId: string, isDisabled: boolean): Promise<AdminUser>;
  unlockSignIn(userId: string): Promise<AdminUser>;
  saveUserAddress(userId: string, address: ShippingAddressInput): Promise<AdminUser>;
  uploadProductImage(productId: string, file: File): Promise<Product>;
  removeProductImage(productId: string): Promise<Product>;
  /** Every receipt of a recalled lot. */
  lookUpRecall(query: RecallQuery): Promise<RecallLookup>;
  exportRecall(query: RecallQuery): Promise<Download>;
  /** E-mails the requesters of the orders that received the lot; audited. */
  notifyRecall(query: RecallQuery & { message?: string }): Promise<{ notified: number; orders: number }>;
  /** Received lots expiring within `withinDays` (and expired at most that long ago), soonest first. */
  getExpiringStock(withinDays: number): Promise<ExpiringLotList>;
  exportExpiringStock(withinDays: number): Promise<Download>;
  /** Products' GTINs from a CSV file: a dry run lists the changes, writing nothing. */
  importProductGtins(csv: string, isDryRun: boolean): Promise<GtinImportResult>;
  getCatalogAudit(): Promise<CatalogAudit>;
  bootstrapCatalog(): Promise<BootstrapResult>;
  exportActiveCatalog(): Promise<Download>;
  exportAuditEvents(filter: Record<string, unknown>): Promise<Download>;
  getSettings<K extends SettingsKind>(kind: K): Promise<SettingsViews[K]>;
  saveSettings<K extends SettingsKind>(kind: K, values: SettingsInputs[K]): Promise<SettingsViews[K]>;
  /** POST /api/admin/settings/punchout/test-order: one deploymentMode="test" OrderRequest, and the supplier's answer. */
  sendSupplierTestOrder(): Promise<SupplierTestOrderResult>;
  decideInvoice(invoiceId: string, decision: 'accept' | 'dispute', note: string): Promise<Invoice>;
  exportReadyToPayInvoices(): Promise<Download>;
  getInvoiceSettings(): Promise<InvoiceMatchSettings>;
  saveInvoiceSettings(values: InvoiceMatchSettings): Promise<InvoiceMatchSettings>;
  /** A budget's saved values, oldest first (admins and finance). */
  getBudgetHistory(budgetId: string): Promise<BudgetChange[]>;
  /** CSV stock-list lines into a location; with `dryRun`, only what would change. */
  importStockList(locationId: string, csv: string, dryRun: boolean): Promise<StockListImportResult>;
  /** The par review of a location (last 90 days of counts) as CSV. */
  exportParReview(locationId: string): Promise<Download>;
  /** A location's latest counts: who, when, each item, and what the count became. */
  getLocationCounts(locationId: string): Promise<LocationCount[]>;
  /** Who a location's standing order may order as (the rule the API checks on saving). */
  getStandingOrderRequesters(locationId: string): Promise<StandingOrderRequesterList['data']>;
}

export const dataProvider: SupplyHubDataProvider = {
  ...simpleRestProvider(API_URL, httpClient),

  rejectOrder: (orderId, reason) =>
    send(`/orders/${id(orderId)}/reject`, 'POST', reason?.trim() ? { reason: reason.trim() } : {}),
  submitOrder: (orderId, mode, level, rejectedLines) =>
    send(
      `/orders/${id(orderId)}/${mode}`,
      'POST',
      mode === 'approve'
        ? { ...(level ? { level } : {}), ...(rejectedLines?.length ? { rejected_lines: rejectedLines } : {}) }
        : {},
    ),
  getAbLogs: async () => (await send<{ data: AbLogEntry[] }>('/ab-logs', 'GET')).data,
  getIntegrationStatus: () => send('/integrations/status', 'GET'),
  testPaapiConnection: () => send('/integrations/paapi/test', 'POST', {}),
  clearPaapiImageCache: () => send('/integrations/paapi/clear-image-cache', 'POST', {}),
  createQaOrder: () => send('/qa-runner/order', 'POST', {}),
  getQaRunnerState: () => send('/qa-runner/result', 'GET'),
  saveQaResult: (result) => send('/qa-runner/result', 'PUT', result),
  getOrderCounts: (filter) => {
    const query = new URLSearchParams(
      Object.entries(filter).flatMap(([key, value]) => (value ? [[key, String(value)]] : [])),
    );
    return send(`/order-counts${query.size > 0 ? `?${query}` : ''}`, 'GET');
  },
  getOrderFulfilment: (orderId) => send(`/orders/${id(orderId)}/fulfilment`, 'GET'),
  getFulfilmentCounts: () => send('/fulfilment-counts', 'GET'),

  approveUsers: (ids, approved, notes) =>
    send('/users/approve', 'POST', { ids, approved, ...(notes?.trim() ? { approval_notes: notes.trim() } : {}) }),
  setUsersDepartment: (ids, departmentId) => send('/users/department', 'POST', { ids, department_id: departmentId }),
  setUserRole: (userId, role, change) =>
    change === 'grant'
      ? send(`/users/${id(userId)}/roles`, 'POST', { role })
      : send(`/users/${id(userId)}/roles/${id(role)}`, 'DELETE'),
  setUserDisabled: (userId, isDisabled) =>
    send(`/users/${id(userId)}/${isDisabled ? 'disable' : 'enable'}`, 'POST', {}),
  unlockSignIn: (userId) => send(`/users/${id(userId)}/unlock-sign-in`, 'POST', {}),
  saveUserAddress: (userId, address) => send(`/users/${id(userId)}/shipping-address`, 'PUT', address),

  uploadProductImage: (productId, file) => {
    const form = new FormData();
    form.append('image', file);
    return send(`/products/${id(productId)}/image`, 'POST', form);
  },
  removeProductImage: (productId) => send(`/products/${id(productId)}/image`, 'DELETE'),
  lookUpRecall: (query) => send(`/recalls/receipts?${new URLSearchParams(query)}`, 'GET'),
  exportRecall: (query) =>
    fetchDownload(`${API_URL}/recalls/receipts/export?${new URLSearchParams(query)}`, 'recall.csv'),
  notifyRecall: (query) => send('/recalls/notify', 'POST', query),
  getExpiringStock: (withinDays) => send(`/expiring?within_days=${withinDays}`, 'GET'),
  exportExpiringStock: (withinDays) =>
    fetchDownload(`${API_URL}/expiring/export?within_days=${withinDays}`, 'expiring-stock.csv'),
  importProductGtins: async (csv, isDryRun) => {
    const { json } = await httpClient(`${API_URL}/product-gtins/import?dry_run=${String(isDryRun)}`, {
      method: 'POST',
      body: csv,
      headers: new Headers({ 'Content-Type': 'text/csv' }),
    });
    return json as GtinImportResult;
  },

  getCatalogAudit: () => send('/catalog/audit', 'GET'),
  bootstrapCatalog: () => send('/catalog/bootstrap', 'POST', {}),
  exportActiveCatalog: () => fetchDownload(`${API_URL}/catalog/export`, 'active-catalog.csv'),
  decideInvoice: (invoiceId, decision, note) => send(`/invoices/${id(invoiceId)}/${decision}`, 'POST', { note }),
  importStockList: async (locationId, csv, dryRun) => {
    const { json } = await httpClient(
      `${API_URL}/locations/${id(locationId)}/stock-list/import?dry_run=${dryRun ? 'true' : 'false'}`,
      { method: 'POST', body: csv, headers: new Headers({ 'Content-Type': 'text/csv', Accept: 'application/json' }) },
    );
    return json as StockListImportResult;
  },
  getLocationCounts: async (locationId) =>
    (await send<{ data: LocationCount[] }>(`/locations/${id(locationId)}/counts`, 'GET')).data,
  getStandingOrderRequesters: async (locationId) =>
    (await send<StandingOrderRequesterList>(`/locations/${id(locationId)}/standing-order-requesters`, 'GET')).data,
  exportParReview: (locationId) =>
    fetchDownload(`${API_URL}/locations/${id(locationId)}/par-review/export`, 'par-review.csv'),
  exportReadyToPayInvoices: () => fetchDownload(`${API_URL}/invoice-exports/ready-to-pay`, 'ready-to-pay.csv'),
  exportAuditEvents: (filter) =>
    fetchDownload(
      `${API_URL}/audit-events/export?${new URLSearchParams({ filter: JSON.stringify(filter) })}`,
      'audit-events.csv',
    ),

  getInvoiceSettings: () => send('/invoice-settings', 'GET'),
  saveInvoiceSettings: (values) => send('/invoice-settings', 'PUT', values),
  getBudgetHistory: (budgetId) => send(`/budgets/${id(budgetId)}/history`, 'GET'),

  getSettings: (kind) => send(`/settings/${kind}`, 'GET'),
  saveSettings: (kind, values) => send(`/settings/${kind}`, 'PUT', values),
  sendSupplierTestOrder: () => send('/settings/punchout/test-order', 'POST', {}),
};

/** The data provider with the product's commands, as components get it (with react-admin's auth checks). */
export function useSupplyHubDataProvider(): SupplyHubDataProvider {
  return useDataProvider<SupplyHubDataProvider>();
}
