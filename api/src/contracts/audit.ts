import { z } from 'zod';

import { idFilter } from './admin-list.js';

/**
 * What a compliance officer reads for each audit action (the log stores code-style names such as
 * 'order.submission_failed'). Known actions have their own label; an unknown one is spelled out
 * from its name, so a new action never shows as code.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'audit.export': 'Audit log exported',
  'auth.mfa_verify': 'Two-step sign-in code checked',
  'auth.password_reset': 'Password reset',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.session_timeout': 'Session timed out',
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'auth.sign_up': 'Signed up',
  'budget.committed_rebuild': 'Budget committed totals rebuilt',
  'budget.create': 'Budget set',
  'budget.update': 'Budget changed',
  'catalog.bootstrap': 'Catalog bootstrapped',
  'catalog.export': 'Catalog exported',
  'catalog.reseed': 'Catalog titles and prices reseeded',
  'csv_import.budgets': 'Budgets imported from CSV',
  'csv_import.departments': 'Departments imported from CSV',
  'csv_import.users': 'Users imported from CSV',
  'demo.seed': 'Demo data loaded',
  'department.budget_owners': 'Budget owners changed',
  'department.create': 'Department added',
  'department.deactivate': 'Department deactivated',
  'department.update': 'Department edited',
  'expiring_stock.export': 'Expiring stock exported',
  'location.create': 'Location added',
  'location.deactivate': 'Location deactivated',
  'location.stock_list_import': 'Stock list imported from CSV',
  'location.update': 'Location edited',
  'mail.list': 'Undelivered mail read by an operator',
  'mfa.disable': 'Two-step sign-in turned off',
  'mfa.enable': 'Two-step sign-in turned on',
  'mfa.recovery_code_used': 'Recovery code used',
  'order.approve': 'Order approved and sent to the supplier',
  'order.create': 'Order placed',
  'order.recover': 'Interrupted supplier submission resent',
  'order.receive_short_dated': 'Short-dated stock received',
  'order.reject': 'Order rejected',
  'order.retry': 'Supplier submission retried',
  'order.submission_failed': 'Supplier submission failed',
  'order.submitted': 'Order accepted by the supplier',
  'order.supplier_text_refused': 'Text for the supplier refused: it looked like patient data',
  'product.create': 'Product added',
  'product.gtins.import': 'Product GTINs imported',
  'product.image.remove': 'Product image removed',
  'product.image.upload': 'Product image uploaded',
  'product.update': 'Product edited',
  'profile.onboarding': 'Profile completed',
  'qa.order_closed': 'QA test order removed',
  'report.export': 'Report exported',
  'report.rollups_rebuild': 'Report figures rebuilt',
  'settings.automation.save': 'Automation preferences saved',
  'settings.company.save': 'Company settings saved',
  'settings.encryption_key_rotated': 'Encryption key rotated',
  'settings.punchout.save': 'Punchout settings saved',
  'settings.punchout.test_order': 'Test OrderRequest sent to the supplier',
  'settings.supplier_text.save': 'Patient-data patterns for supplier text saved',
  'shipping_address.save': 'Shipping address saved',
  'sso.provider.save': 'SSO provider saved',
  'sso.provider.enable': 'SSO provider enabled',
  'sso.provider.disable': 'SSO provider disabled',
  'sso.provider.delete': 'SSO provider deleted',
  'sso.test_sign_in.start': 'SSO test sign-in started',
  'sso.test_sign_in.receive': 'SSO test sign-in answered',
  'standing_order.occurrence_skipped': 'Standing order date skipped',
  'user.approve': 'Account approved',
  'user.create': 'Account created',
  'user.delete': 'Account deleted',
  'user.department': 'Department changed',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'user.invite': 'Account created with an invitation mail',
  'user.role.grant': 'Role granted',
  'user.role.revoke': 'Role revoked',
  'user.unapprove': 'Account approval withdrawn',
  'user.unlock': 'Account unlocked',
};

/** The plain label of an audit action: its own, else its name spelled out ('sso.drill_run' → 'Sso drill run'). */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const words = action
    .split(/[._\s-]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/**
 * Actions that are failures by their nature. Rows of these written before the outcome was recorded
 * truly (a failed supplier submission was stored as 'success') read as the failure they were; the
 * log itself stays append-only.
 */
export const FAILURE_ACTIONS: readonly string[] = ['order.submission_failed'];

/** The outcome a reader is shown: the stored one, except for an action that is a failure itself. */
export function auditOutcome(action: string, stored: 'success' | 'failure'): 'success' | 'failure' {
  return FAILURE_ACTIONS.includes(action) ? 'failure' : stored;
}

// Audit events are numbered (bigserial): anything else, or a number past bigint, is not one and never reaches SQL.
const MAX_BIGINT = 9_223_372_036_854_775_807n;
export const auditEventIdSchema = z
  .string()
  // abort: the bound is only checked on digits (BigInt of anything else throws).
  .regex(/^[1-9]\d{0,18}$/, { abort: true })
  .refine((id) => BigInt(id) <= MAX_BIGINT);
export const auditEventParamsSchema = z.object({ id: auditEventIdSchema });

/** The sort fields of GET /api/admin/audit-events (ra-data-simple-rest `sort`). */
export const AUDIT_EVENT_SORTS = ['occurred_at', 'action'] as const;

/** The `filter` of GET /api/admin/audit-events and of its CSV export. */
export const auditEventFilterSchema = z.object({
  id: idFilter(auditEventIdSchema),
  action: z.string().trim().max(100).optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  target_type: z.string().trim().max(50).optional(),
  target_id: z.string().trim().max(100).optional(),
  actor_user_id: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AuditEventFilter = z.infer<typeof auditEventFilterSchema>;

/** An audit event as a reader sees it: the stored row with the plain action and target labels. */
export const auditEventSchema = z.strictObject({
  id: z.number().int().positive(),
  occurred_at: z.string(),
  actor_user_id: z.string().nullable(),
  actor_label: z.string(),
  action: z.string(),
  action_label: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  target_label: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  client_address: z.string().nullable(),
  request_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** The columns of the CSV export, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'occurred_at',
  'actor_label',
  'action_label',
  'action',
  'target_type',
  'target_label',
  'target_id',
  'outcome',
  'client_address',
  'request_id',
] as const;
