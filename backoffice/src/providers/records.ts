import type {
  AutomationSettings,
  CatalogAudit,
  CompanySettings,
  Order,
  OrderStatus,
  PunchoutSettingsView,
  Role,
  ShippingAddress,
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
}

export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/** A row of GET /api/admin/audit-events. */
export interface AuditEvent {
  id: string;
  occurred_at: string;
  actor_user_id: string | null;
  actor_label: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
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
