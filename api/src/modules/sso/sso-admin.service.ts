import {
  ssoProviderCreateSchema,
  ssoProviderUpdateSchema,
  type SsoProviderUpdate,
  type SsoProviderView,
} from '../../contracts/admin-sso.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import type { ListPage } from '../../http/list-query.js';
import { recordAudit } from '../audit/audit.service.js';
import { describeCertificate } from './sso-certificates.rules.js';
import { storedGroupMapping } from './sso-group-mapping.rules.js';
import * as queries from './sso-providers.queries.js';
import { serviceProviderValues } from './sso-service-provider.rules.js';

const NOT_FOUND = () => AppError.notFound('No SAML provider has this id.', 'SSO_PROVIDER_NOT_FOUND');

function viewOf(ctx: ServiceContext, row: queries.SsoProviderSettingsRow): SsoProviderView {
  const now = ctx.now();
  const mapping = storedGroupMapping(row);
  return {
    id: row.id,
    display_name: row.display_name,
    entity_id: row.entity_id,
    entry_point: row.entry_point,
    domains: row.domains,
    is_enabled: row.is_enabled,
    certificates: [row.idp_certificate, row.idp_secondary_certificate]
      .filter((pem): pem is string => Boolean(pem))
      .map((pem) => describeCertificate(pem, now))
      .filter((details) => details !== undefined),
    group_attribute: row.group_attribute,
    role_rules: mapping.roleRules.slice(),
    department_rules: mapping.departmentRules.slice(),
    service_provider: serviceProviderValues(ctx.config.publicUrl, row.id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Checks what a save needs beyond its shape: parseable certificates, known departments, a free entity id and domains. */
async function checkedWrite(
  ctx: ServiceContext,
  input: SsoProviderUpdate,
  exceptId?: string,
): Promise<queries.SsoProviderWrite> {
  const errors: Record<string, string> = {};
  input.certificates.forEach((pem, index) => {
    if (!describeCertificate(pem, ctx.now())) {
      errors[`certificates.${index}`] = 'This is not a PEM X.509 certificate (-----BEGIN CERTIFICATE----- …).';
    }
  });
  for (const [index, rule] of input.department_rules.entries()) {
    if (!(await queries.selectDepartment(ctx.db, rule.department_id))) {
      errors[`department_rules.${index}.department_id`] = 'No department has this id.';
    }
  }
  if (Object.keys(errors).length > 0) {
    throw AppError.badRequest('VALIDATION_FAILED', 'Validation failed', errors);
  }
  if (await queries.isEntityIdTaken(ctx.db, input.entity_id, exceptId)) {
    throw AppError.conflict('SSO_ENTITY_ID_TAKEN', 'Another SAML provider has this entity id.');
  }
  // Discovery sends a domain's people to one provider: a second one would silently take them over.
  const takenDomain = await queries.selectDomainServedElsewhere(ctx.db, input.domains, exceptId);
  if (takenDomain) {
    throw AppError.conflict('SSO_DOMAIN_TAKEN', `Another SAML provider already serves ${takenDomain}.`);
  }
  const [first, second] = input.certificates.map((pem) => describeCertificate(pem, ctx.now())?.pem ?? pem);
  return {
    display_name: input.display_name,
    entity_id: input.entity_id,
    entry_point: input.entry_point,
    domains: [...new Set(input.domains)],
    idp_certificate: first ?? null,
    idp_secondary_certificate: second ?? null,
    group_attribute: input.group_attribute,
    role_rules: input.role_rules,
    department_rules: input.department_rules,
  };
}

/** What the audit trail keeps of a save: no certificate text, only fingerprints. */
function auditDetails(ctx: ServiceContext, write: queries.SsoProviderWrite) {
  return {
    entity_id: write.entity_id,
    domains: write.domains,
    certificates: [write.idp_certificate, write.idp_secondary_certificate]
      .filter((pem): pem is string => Boolean(pem))
      .map((pem) => describeCertificate(pem, ctx.now())?.fingerprint_sha256),
    role_rules: write.role_rules,
    department_rules: write.department_rules,
  };
}

export async function listSsoProviderSettings(
  ctx: ServiceContext,
  page: ListPage<string, { q?: string }>,
): Promise<{ rows: SsoProviderView[]; total: number }> {
  const { rows, total } = await queries.selectSsoProviderSettingsPage(ctx.db, { ...page, q: page.filter.q });
  return { rows: rows.map((row) => viewOf(ctx, row)), total };
}

export async function getSsoProviderSettings(ctx: ServiceContext, id: string): Promise<SsoProviderView> {
  const row = await queries.selectSsoProviderSettings(ctx.db, id);
  if (!row) throw NOT_FOUND();
  return viewOf(ctx, row);
}

export async function createSsoProviderSettings(ctx: ServiceContext, body: unknown): Promise<SsoProviderView> {
  const input = ssoProviderCreateSchema.parse(body);
  const idTaken = () => AppError.conflict('SSO_PROVIDER_ID_TAKEN', 'A SAML provider with this id exists already.');
  if (await queries.selectSsoProviderSettings(ctx.db, input.id)) throw idTaken();
  const write = await checkedWrite(ctx, input);
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.insertSsoProviderSettings(trx, input.id, write, ctx.now()))) throw idTaken();
    await recordAudit(
      ctx,
      {
        action: 'sso.provider.save',
        targetType: 'sso_provider',
        targetId: input.id,
        details: auditDetails(ctx, write),
      },
      trx,
    );
  });
  return getSsoProviderSettings(ctx, input.id);
}

export async function updateSsoProviderSettings(
  ctx: ServiceContext,
  id: string,
  body: unknown,
): Promise<SsoProviderView> {
  if (!(await queries.selectSsoProviderSettings(ctx.db, id))) throw NOT_FOUND();
  const write = await checkedWrite(ctx, ssoProviderUpdateSchema.parse(body), id);
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.updateSsoProviderSettings(trx, id, write, ctx.now()))) throw NOT_FOUND();
    await recordAudit(
      ctx,
      { action: 'sso.provider.save', targetType: 'sso_provider', targetId: id, details: auditDetails(ctx, write) },
      trx,
    );
  });
  return getSsoProviderSettings(ctx, id);
}

/** Disabled: no one signs in through it and discovery skips it; its settings stay for re-enabling. */
export async function setSsoProviderEnabled(
  ctx: ServiceContext,
  id: string,
  isEnabled: boolean,
): Promise<SsoProviderView> {
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.updateSsoProviderEnabled(trx, id, isEnabled, ctx.now()))) throw NOT_FOUND();
    await recordAudit(
      ctx,
      { action: isEnabled ? 'sso.provider.enable' : 'sso.provider.disable', targetType: 'sso_provider', targetId: id },
      trx,
    );
  });
  return getSsoProviderSettings(ctx, id);
}

/** Accounts that signed in through it keep their accounts; only the provider goes. */
export async function deleteSsoProviderSettings(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  await ctx.db.transaction(async (trx) => {
    if (!(await queries.deleteSsoProvider(trx, id))) throw NOT_FOUND();
    await recordAudit(ctx, { action: 'sso.provider.delete', targetType: 'sso_provider', targetId: id }, trx);
  });
  return { id };
}
