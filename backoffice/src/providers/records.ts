import type {
  ApprovalLevels,
  ApprovalLevelsInput,
  AutomationSettings,
  AutomationSettingsInput,
  CompanySettingsInput,
  CompanySettingsView,
  PunchoutSettingsInput,
  PunchoutSettingsView,
  SupplierTextSettings,
  SupplierTextSettingsInput,
} from '@supply-hub/api/contracts';

/**
 * Records and answers of the admin API. The admin resources' shapes are the API's contracts
 * (inferred from its zod schemas, never restated); what is still written out below belongs to
 * modules whose contracts are being moved by their owners (audit, QA runner, sandbox supplier).
 */
export type {
  AdminOrder,
  AdminOrderFulfilment,
  AdminOrderFulfilmentFilter,
  AdminUser,
  BootstrapResult,
  Budget,
  BudgetChange,
  ClearImageCacheAnswer,
  FulfilmentCounts,
  InboundDocumentLogEntry,
  Department,
  IntegrationProbeAnswer,
  IntegrationStatus,
  LocationRecord,
  LocationSummary,
  OrderCounts,
  PaapiTestResult,
  ShippingAddressInput,
  ShipToStatus,
  SubmissionResponse,
} from '@supply-hub/api/contracts';
export type { Invoice } from '@supply-hub/api/contracts/invoices';

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

/** What GET /api/admin/settings/{kind} answers, and what PUT takes (the PUT takes its GET's answer too). */
export interface SettingsViews {
  company: CompanySettingsView;
  automation: AutomationSettings;
  punchout: PunchoutSettingsView;
  'approval-levels': ApprovalLevels;
  'supplier-text': SupplierTextSettings;
}
export interface SettingsInputs {
  company: CompanySettingsInput;
  automation: AutomationSettingsInput;
  punchout: PunchoutSettingsInput;
  'approval-levels': ApprovalLevelsInput;
  'supplier-text': SupplierTextSettingsInput;
}
export type SettingsKind = keyof SettingsViews;

export type RoleChange = 'grant' | 'revoke';

/** The submission result of admin-portal §3 (approve and retry) and an integration log entry: the API's contracts. */
export type { AbLogEntry, SubmissionResult } from '@supply-hub/api/contracts';

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
