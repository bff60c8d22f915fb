import type { Knex } from 'knex';

import * as createAccounts from './20261121000100_create_accounts.js';
import * as createCatalog from './20261121000200_create_catalog.js';
import * as createOrders from './20261121000300_create_orders.js';
import * as createSettingsAndIntegration from './20261121000400_create_settings_and_integration.js';
import * as createOperations from './20261121000500_create_operations.js';
import * as createRateLimits from './20261121000600_create_rate_limits.js';
import * as createChangeNotifications from './20261121000700_create_change_notifications.js';
import * as createSamlRequests from './20261121000800_create_saml_requests.js';
import * as createIdempotencyKeys from './20261121000900_create_idempotency_keys.js';
import * as createOrderNotifications from './20261121001000_create_order_notifications.js';
import * as protectAuditEvents from './20261121001100_protect_audit_events.js';
import * as createSandboxSupplierOrders from './20261121001200_create_sandbox_supplier_orders.js';
import * as createReportRollups from './20261121001300_create_report_rollups.js';
import * as shiftReportRollupsOnTimezoneChange from './20261121001400_shift_report_rollups_on_timezone_change.js';
import * as leaseOutboxMail from './20261121001500_lease_outbox_mail.js';
import * as notifyCompanySettingsChanged from './20261121001600_notify_company_settings_changed.js';
import * as keepSsoGroups from './20261121001700_keep_sso_groups.js';
import * as addMaxOrderTotal from './20261125000200_add_max_order_total.js';
import * as markQaOrders from './20261125000400_mark_qa_orders.js';
import * as failOrphanedJobRuns from './20261125000500_fail_orphaned_job_runs.js';
import * as leaseJobRuns from './20261125000510_lease_job_runs.js';
import * as createFulfilment from './20261127000100_create_fulfilment.js';
import * as createDepartments from './20261127000200_create_departments.js';
import * as fillDepartments from './20261127000210_fill_departments.js';
import * as createBudgets from './20261127000250_create_budgets.js';
import * as createOrderApprovals from './20261127000300_create_order_approvals.js';
import * as createInvoices from './20261127000400_create_invoices.js';
import * as planSandboxInvoices from './20261127000410_plan_sandbox_invoices.js';
import * as createOrderLineRejections from './20261127000500_create_order_line_rejections.js';
import * as addUserLimits from './20261127000600_add_user_limits.js';
import * as createDepartmentBudgetOwners from './20261127000700_create_department_budget_owners.js';
import * as createLocations from './20261128000100_create_locations.js';
import * as createProductGtins from './20261128000300_create_product_gtins.js';
import * as createStandingOrders from './20261128000400_create_standing_orders.js';
import * as addMinShelfLife from './20261128000500_add_min_shelf_life.js';
import * as createPunchoutShopping from './20261128000600_create_punchout_shopping.js';
import * as orderForLocation from './20261128000700_order_for_location.js';
import * as locationStandingOrders from './20261128000800_location_standing_orders.js';
import * as createBudgetCommittedHours from './20261128000900_create_budget_committed_hours.js';
import * as createSignUpRequests from './20261125000100_create_sign_up_requests.js';
import * as guardInvoicePayments from './20261128001000_guard_invoice_payments.js';
import * as keepPunchoutReturnedPrices from './20261128001300_keep_punchout_returned_prices.js';
import * as chargeDemoOrdersToDepartments from './20261128002200_charge_demo_orders_to_departments.js';
import * as addSupplierIdentitySetting from './20261128002400_add_supplier_identity_setting.js';
import * as addDepartmentSite from './20261128002500_add_department_site.js';
import * as addApproversNotifiedLevel from './20261128002600_add_approvers_notified_level.js';
import * as addSsoProviderSettings from './20261129000100_add_sso_provider_settings.js';
import * as makeBudgetCommittedSetBased from './20261129000200_make_budget_committed_set_based.js';
import * as countQaOrdersOutOfRollupMoves from './20261129000300_count_qa_orders_out_of_rollup_moves.js';
import * as indexReceiptLots from './20261129000500_index_receipt_lots.js';
import * as indexOrdersByDepartmentAndDate from './20261129000510_index_orders_by_department_and_date.js';
import * as addDeliveryNotes from './20261129001000_add_delivery_notes.js';
import * as createSupplierTextSettings from './20261129001010_create_supplier_text_settings.js';
import * as addOrderUrgency from './20261129001100_add_order_urgency.js';
import * as addStatAutoApproveSetting from './20261129001110_add_stat_auto_approve_setting.js';
import * as addSandboxNextDay from './20261129001120_add_sandbox_next_day.js';
import * as indexReceiptExpiryDates from './20261129001200_index_receipt_expiry_dates.js';
import * as addOrderSupplierIdentity from './20261129001300_add_order_supplier_identity.js';
import * as keepOrderFulfilment from './20261129002000_keep_order_fulfilment.js';
import * as planLargeStatementsForTheirSize from './20261130000100_plan_large_statements_for_their_size.js';
import * as keepOrderCounts from './20261130000200_keep_order_counts.js';

export interface NamedMigration extends Knex.Migration {
  name: string;
}

/**
 * Every migration, in order. Listed statically so the same code runs from TypeScript sources
 * (tests, tsx) and from the compiled build, without Knex scanning a folder at run time.
 * Landed migrations are immutable: change the schema with a new file.
 */
export const MIGRATIONS: readonly NamedMigration[] = [
  { name: '20261121000100_create_accounts', ...createAccounts },
  { name: '20261121000200_create_catalog', ...createCatalog },
  { name: '20261121000300_create_orders', ...createOrders },
  { name: '20261121000400_create_settings_and_integration', ...createSettingsAndIntegration },
  { name: '20261121000500_create_operations', ...createOperations },
  { name: '20261121000600_create_rate_limits', ...createRateLimits },
  { name: '20261121000700_create_change_notifications', ...createChangeNotifications },
  { name: '20261121000800_create_saml_requests', ...createSamlRequests },
  { name: '20261121000900_create_idempotency_keys', ...createIdempotencyKeys },
  { name: '20261121001000_create_order_notifications', ...createOrderNotifications },
  { name: '20261121001100_protect_audit_events', ...protectAuditEvents },
  { name: '20261121001200_create_sandbox_supplier_orders', ...createSandboxSupplierOrders },
  { name: '20261121001300_create_report_rollups', ...createReportRollups },
  { name: '20261121001400_shift_report_rollups_on_timezone_change', ...shiftReportRollupsOnTimezoneChange },
  { name: '20261121001500_lease_outbox_mail', ...leaseOutboxMail },
  { name: '20261121001600_notify_company_settings_changed', ...notifyCompanySettingsChanged },
  { name: '20261121001700_keep_sso_groups', ...keepSsoGroups },
  { name: '20261125000100_create_sign_up_requests', ...createSignUpRequests },
  { name: '20261125000200_add_max_order_total', ...addMaxOrderTotal },
  { name: '20261125000400_mark_qa_orders', ...markQaOrders },
  { name: '20261125000500_fail_orphaned_job_runs', ...failOrphanedJobRuns },
  { name: '20261125000510_lease_job_runs', ...leaseJobRuns },
  { name: '20261127000100_create_fulfilment', ...createFulfilment },
  { name: '20261127000200_create_departments', ...createDepartments },
  { name: '20261127000210_fill_departments', ...fillDepartments },
  { name: '20261127000250_create_budgets', ...createBudgets },
  { name: '20261127000300_create_order_approvals', ...createOrderApprovals },
  { name: '20261127000400_create_invoices', ...createInvoices },
  { name: '20261127000410_plan_sandbox_invoices', ...planSandboxInvoices },
  { name: '20261127000500_create_order_line_rejections', ...createOrderLineRejections },
  { name: '20261127000600_add_user_limits', ...addUserLimits },
  { name: '20261127000700_create_department_budget_owners', ...createDepartmentBudgetOwners },
  { name: '20261128000100_create_locations', ...createLocations },
  { name: '20261128000300_create_product_gtins', ...createProductGtins },
  { name: '20261128000400_create_standing_orders', ...createStandingOrders },
  { name: '20261128000500_add_min_shelf_life', ...addMinShelfLife },
  { name: '20261128000600_create_punchout_shopping', ...createPunchoutShopping },
  { name: '20261128000700_order_for_location', ...orderForLocation },
  { name: '20261128000800_location_standing_orders', ...locationStandingOrders },
  { name: '20261128000900_create_budget_committed_hours', ...createBudgetCommittedHours },
  { name: '20261128001000_guard_invoice_payments', ...guardInvoicePayments },
  { name: '20261128001300_keep_punchout_returned_prices', ...keepPunchoutReturnedPrices },
  { name: '20261128002200_charge_demo_orders_to_departments', ...chargeDemoOrdersToDepartments },
  { name: '20261128002400_add_supplier_identity_setting', ...addSupplierIdentitySetting },
  { name: '20261128002500_add_department_site', ...addDepartmentSite },
  { name: '20261128002600_add_approvers_notified_level', ...addApproversNotifiedLevel },
  { name: '20261129000100_add_sso_provider_settings', ...addSsoProviderSettings },
  { name: '20261129000200_make_budget_committed_set_based', ...makeBudgetCommittedSetBased },
  { name: '20261129000300_count_qa_orders_out_of_rollup_moves', ...countQaOrdersOutOfRollupMoves },
  { name: '20261129000500_index_receipt_lots', ...indexReceiptLots },
  { name: '20261129000510_index_orders_by_department_and_date', ...indexOrdersByDepartmentAndDate },
  { name: '20261129001000_add_delivery_notes', ...addDeliveryNotes },
  { name: '20261129001010_create_supplier_text_settings', ...createSupplierTextSettings },
  { name: '20261129001100_add_order_urgency', ...addOrderUrgency },
  { name: '20261129001110_add_stat_auto_approve_setting', ...addStatAutoApproveSetting },
  { name: '20261129001120_add_sandbox_next_day', ...addSandboxNextDay },
  { name: '20261129001200_index_receipt_expiry_dates', ...indexReceiptExpiryDates },
  { name: '20261129001300_add_order_supplier_identity', ...addOrderSupplierIdentity },
  { name: '20261129002000_keep_order_fulfilment', ...keepOrderFulfilment },
  { name: '20261130000100_plan_large_statements_for_their_size', ...planLargeStatementsForTheirSize },
  { name: '20261130000200_keep_order_counts', ...keepOrderCounts },
];
