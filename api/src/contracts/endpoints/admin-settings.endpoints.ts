import {
  approvalPolicySchema,
  automationSettingsSchema,
  automationSettingsViewSchema,
  companySettingsSchema,
  companySettingsViewSchema,
  punchoutSettingsInputSchema,
  punchoutSettingsViewSchema,
  supplierTestOrderResultSchema,
} from '../settings.js';
import { supplierTextSettingsInputSchema, supplierTextSettingsViewSchema } from '../supplier-text.js';
import { endpoint } from './endpoint.js';

const tag = 'Admin: settings';
const access = { roles: ['admin'] } as const;

/** Admin settings (admin-portal §2.6): each PUT accepts what its GET answers. */
export const settingsEndpoints = {
  getCompany: endpoint({
    method: 'get',
    path: '/api/admin/settings/company',
    summary: 'Company settings',
    tag,
    access,
    responses: { 200: companySettingsViewSchema },
    errors: [401, 403],
  }),
  saveCompany: endpoint({
    method: 'put',
    path: '/api/admin/settings/company',
    summary: 'Save company settings (a new timezone moves the report rollups)',
    tag,
    access,
    body: companySettingsSchema,
    responses: { 200: companySettingsViewSchema },
    errors: [400, 401, 403],
  }),
  getAutomation: endpoint({
    method: 'get',
    path: '/api/admin/settings/automation',
    summary: 'Automation settings (money as decimal strings)',
    tag,
    access,
    responses: { 200: automationSettingsViewSchema },
    errors: [401, 403],
  }),
  saveAutomation: endpoint({
    method: 'put',
    path: '/api/admin/settings/automation',
    summary:
      'Save automation settings (money as decimal strings or numbers; max_order_total left out keeps the saved one)',
    tag,
    access,
    body: automationSettingsSchema,
    responses: { 200: automationSettingsViewSchema },
    errors: [400, 401, 403],
  }),
  getPunchout: endpoint({
    method: 'get',
    path: '/api/admin/settings/punchout',
    summary: 'Punchout settings (the shared secret masked, never returned)',
    tag,
    access,
    responses: { 200: punchoutSettingsViewSchema },
    errors: [401, 403],
  }),
  savePunchout: endpoint({
    method: 'put',
    path: '/api/admin/settings/punchout',
    summary: 'Save punchout settings (an empty secret keeps the stored one; the first setup needs it)',
    tag,
    access,
    body: punchoutSettingsInputSchema,
    responses: { 200: punchoutSettingsViewSchema },
    // 422: in production mode, a URL whose host is not in SUPPLIER_ALLOWED_HOSTS (test mode saves it with a warning).
    errors: [400, 401, 403, 422],
  }),
  getSupplierText: endpoint({
    method: 'get',
    path: '/api/admin/settings/supplier-text',
    summary:
      'What the patient-data guard checks in text sent to the supplier (medical record number pattern, extra patterns)',
    tag,
    access,
    responses: { 200: supplierTextSettingsViewSchema },
    errors: [401, 403],
  }),
  saveSupplierText: endpoint({
    method: 'put',
    path: '/api/admin/settings/supplier-text',
    summary:
      'Save the patient-data patterns (each a valid regular expression without nested repetition; at most 20 of 200 characters)',
    tag,
    access,
    body: supplierTextSettingsInputSchema,
    responses: { 200: supplierTextSettingsViewSchema },
    errors: [400, 401, 403],
  }),
  sendTestOrder: endpoint({
    method: 'post',
    path: '/api/admin/settings/punchout/test-order',
    summary: 'Send a test OrderRequest (deploymentMode test, one line) to the configured supplier and show its answer',
    tag,
    access,
    responses: { 200: supplierTestOrderResultSchema },
    errors: [401, 403],
  }),
  approvalPolicy: endpoint({
    method: 'get',
    path: '/api/approval-policy',
    summary: "The auto-approve policy as everyone's profile card shows it",
    tag: 'Settings',
    access: 'signed-in',
    responses: { 200: approvalPolicySchema },
    errors: [401],
  }),
};
