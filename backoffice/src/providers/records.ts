import type {
  AutomationSettings,
  CatalogAudit,
  CompanySettings,
  Order,
  OrderStatus,
  PunchoutSettingsView,
  Role,
  ShippingAddress,
  SubmissionResult,
  companySettingsSchema,
  punchoutSettingsInputSchema,
  shippingAddressSchema,
} from '@supply-hub/api/contracts';
import type { z } from 'zod';

/** Records and answers of the admin API, built from the shared contracts wherever one exists. */

export interface ShipToStatus {
  city: string;
  state: string;
  postal_code: string;
  full_name: string;
}

/** A row of GET /api/admin/orders. */
export type AdminOrder = Order & { ship_to_status: ShipToStatus | null };

/** GET /api/admin/order-counts: the tab counts within the department filter, and the departments. */
export type OrderCounts = Record<OrderStatus | 'all', number> & { departments: string[] };

/** A row of GET /api/admin/users. */
export interface AdminUser {
  id: string;
  email: string;
  status: 'active' | 'disabled' | string;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  department: string | null;
  roles: Role[];
  effective_role: string;
  is_admin: boolean;
  onboarding_completed: boolean;
  onboarding_approved: boolean;
  approved_at: string | null;
  approval_notes: string | null;
  has_shipping_address: boolean;
  shipping_address: ShippingAddress | null;
  /** Set while the account's sign-in is paused after too many wrong passwords or codes. */
  sign_in_paused_until: string | null;
}

export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/** A row of GET /api/admin/audit-events. */
export interface AuditEvent {
  id: string;
  occurred_at: string;
  actor_user_id: string | null;
  actor_label: string | null;
  action: string;
  /** The plain label of the action (auditActionLabel in the contracts). */
  action_label: string;
  target_type: string | null;
  target_id: string | null;
  /** The order's number, the user's e-mail or the product's title, when the target still exists. */
  target_label: string | null;
  outcome: 'success' | 'failure';
  client_address: string | null;
  request_id: string | null;
  details: unknown;
}

/** POST /api/admin/catalog/bootstrap. */
export interface BootstrapResult {
  status: 'success' | 'skipped';
  message: string;
  upserted_count: number;
  audit: CatalogAudit;
}

/** What GET /api/admin/settings/{kind} answers, and what PUT takes. */
export interface SettingsViews {
  company: CompanySettings;
  automation: AutomationSettings;
  punchout: PunchoutSettingsView;
}
export interface SettingsInputs {
  company: z.input<typeof companySettingsSchema>;
  automation: AutomationSettings;
  punchout: z.input<typeof punchoutSettingsInputSchema>;
}
export type SettingsKind = keyof SettingsViews;

export type RoleChange = 'grant' | 'revoke';

/** The submission result of admin-portal §3 (approve and retry) and an integration log entry: the API's contracts. */
export type { AbLogEntry, SubmissionResult } from '@supply-hub/api/contracts';

/** 200 of approve and retry: the attempt's result and the order as it now stands. */
export interface SubmissionResponse {
  result: SubmissionResult;
  order: AdminOrder;
}

/** GET /api/admin/integrations/status: which credentials are configured (presence only, never values). */
export interface IntegrationStatus {
  business_api: {
    enabled: boolean;
    presence: Record<'client_id' | 'client_secret' | 'refresh_token' | 'marketplace', boolean>;
  };
  product_advertising_api: {
    checklist: Record<'enabled' | 'partner_tag' | 'access_key' | 'secret_key', boolean>;
    status: 'Configured' | 'Disabled';
    last_test: { status: 'PASS' | 'FAIL'; at: string; error: string | null } | null;
  };
}

/** POST /api/admin/integrations/paapi/test. */
export interface PaapiTestResult {
  status: 'PASS' | 'FAIL';
  at: string;
  error: string | null;
  http_status: number | null;
}

/** What the business-purchasing endpoints answer; pass is not_configured or success (admin-portal §5). */
export interface IntegrationProbeAnswer {
  status: 'not_configured' | 'success' | 'error';
  message?: string;
}

/** One step of the QA runner (admin-portal §4: pending, running, success, error). */
export type QaStepStatus = 'pending' | 'running' | 'success' | 'error';
export interface QaStepRecord {
  name: string;
  status: QaStepStatus;
  message?: string | null;
}
export interface QaRunResult {
  status: 'success' | 'error';
  steps: QaStepRecord[];
  finished_at: string;
}

/** GET /api/admin/qa-runner/result: the last stored run (app_kv) and whether demo mode is on. */
export interface QaRunnerState {
  result: QaRunResult | string | null;
  demo_mode: boolean;
}

/** GET /sandbox/supplier/orders?order_id=… (demo mode): what the local sandbox supplier received. */
export interface SandboxSupplierOrder {
  payload_id: string;
  order_id: string;
  supplier_order_id: string | null;
  created_at: string;
}
