import { z } from 'zod';

import { roleSchema, SSO_MAPPABLE_ROLES } from './roles.js';
import { httpUrlSchema, ssoDomainSchema, ssoProviderIdSchema } from './sso.js';

/**
 * The back office's Single sign-on page: SAML providers, the IdP metadata import, the group
 * mapping and the test sign-in. Field names are the columns' (sso_providers).
 */

/** Where an IdP usually sends groups when no attribute is named: every one present is read. */
export const DEFAULT_GROUP_ATTRIBUTES = [
  'groups',
  'memberOf',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
] as const;

export const mappableRoleSchema = roleSchema.extract(SSO_MAPPABLE_ROLES, {
  error: 'Single sign-on gives only doctor, nurse, provider or user; other roles are given by hand',
});
export type MappableRole = z.infer<typeof mappableRoleSchema>;

const groupValueSchema = z.string().trim().min(1, 'Enter the group value the IdP sends').max(256);

export const ssoRoleRuleSchema = z.strictObject({ group: groupValueSchema, role: mappableRoleSchema });
export const ssoDepartmentRuleSchema = z.strictObject({ group: groupValueSchema, department_id: z.uuid() });
export type SsoRoleRule = z.infer<typeof ssoRoleRuleSchema>;
export type SsoDepartmentRule = z.infer<typeof ssoDepartmentRuleSchema>;

const certificatePemSchema = z.string().trim().min(1).max(20_000);

/** What an admin saves; the first certificate is the current one, a second is accepted too while set. */
export const ssoProviderUpdateSchema = z.object({
  display_name: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((name) => name || null),
  entity_id: z.string().trim().min(1).max(1000),
  entry_point: httpUrlSchema,
  domains: z.array(ssoDomainSchema).min(1, 'Enter at least one e-mail domain').max(50),
  certificates: z.array(certificatePemSchema).min(1, 'Add the IdP signing certificate').max(2),
  group_attribute: z
    .string()
    .trim()
    .max(256)
    .nullish()
    .transform((name) => name || null),
  role_rules: z.array(ssoRoleRuleSchema).max(100).default([]),
  department_rules: z.array(ssoDepartmentRuleSchema).max(100).default([]),
});
export const ssoProviderCreateSchema = ssoProviderUpdateSchema.extend({ id: ssoProviderIdSchema });
export type SsoProviderUpdate = z.infer<typeof ssoProviderUpdateSchema>;
export type SsoProviderCreate = z.infer<typeof ssoProviderCreateSchema>;

export const ssoProviderIdParamsSchema = z.object({ id: ssoProviderIdSchema });

/** A certificate as the page shows it, so an admin sees which one expires when. */
export const certificateDetailsSchema = z.strictObject({
  pem: z.string(),
  subject: z.string(),
  issuer: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  fingerprint_sha256: z.string(),
  is_expired: z.boolean(),
});
export type CertificateDetails = z.infer<typeof certificateDetailsSchema>;

/** This portal's values the IdP administrator copies. */
export const serviceProviderValuesSchema = z.strictObject({
  metadata_url: z.string(),
  acs_url: z.string(),
  entity_id: z.string(),
});

export const ssoProviderViewSchema = z.strictObject({
  id: z.string(),
  display_name: z.string().nullable(),
  entity_id: z.string(),
  entry_point: z.string().nullable(),
  domains: z.array(z.string()),
  is_enabled: z.boolean(),
  certificates: z.array(certificateDetailsSchema),
  group_attribute: z.string().nullable(),
  role_rules: z.array(ssoRoleRuleSchema),
  department_rules: z.array(ssoDepartmentRuleSchema),
  service_provider: serviceProviderValuesSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SsoProviderView = z.infer<typeof ssoProviderViewSchema>;

export const SSO_PROVIDER_SORTS = ['id', 'entity_id', 'is_enabled', 'created_at'] as const;
export const ssoProviderFilterSchema = z.object({ q: z.string().trim().max(200).optional() });

/** The import takes a metadata URL (fetched by the server) or the XML text of an uploaded file. */
export const ssoMetadataImportSchema = z.union([
  z.strictObject({ url: httpUrlSchema }),
  // The API's JSON limit (100 kB) bounds an upload; IdP metadata is a few kilobytes.
  z.strictObject({ xml: z.string().min(1).max(100_000) }),
]);
export type SsoMetadataImport = z.infer<typeof ssoMetadataImportSchema>;

/** What the metadata says, for the form to fill in; nothing is saved. */
export const ssoMetadataSchema = z.strictObject({
  entity_id: z.string(),
  entry_point: z.string(),
  entry_point_binding: z.enum(['redirect', 'post']),
  certificates: z.array(certificateDetailsSchema),
});
export type SsoMetadata = z.infer<typeof ssoMetadataSchema>;

/** The answer to starting a test sign-in: the browser goes to the IdP with it. */
export const ssoTestSignInStartSchema = z.strictObject({ test_id: z.uuid(), redirect_url: z.string() });

/** What the IdP sent at a test sign-in and what the mapping would make of it; no one is signed in. */
export const ssoTestSignInResultSchema = z.strictObject({
  test_id: z.uuid(),
  provider_id: z.string(),
  status: z.enum(['pending', 'received']),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  name_id: z.string().nullable(),
  name_id_format: z.string().nullable(),
  attributes: z.record(z.string(), z.array(z.string())),
  groups: z.array(z.string()),
  mapped_role: z.string().nullable(),
  mapped_department: z.strictObject({ id: z.string(), name: z.string(), active: z.boolean() }).nullable(),
  /** Why the portal would refuse this answer at a real sign-in (the sign-in page's sentence), else null. */
  refusal: z.strictObject({ reason: z.string(), message: z.string() }).nullable(),
});
export type SsoTestSignInResult = z.infer<typeof ssoTestSignInResultSchema>;
export const ssoTestSignInParamsSchema = z.object({ testId: z.uuid() });
