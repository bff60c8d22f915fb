import {
  automationSettingsSchema,
  companySettingsSchema,
  inboundCredentialsInputSchema,
  punchoutFirstSetupSchema,
  punchoutSettingsInputSchema,
  type ApprovalPolicy,
  type AutomationSettings,
  type PunchoutSettingsView,
} from '../../contracts/settings.js';
import { toMoneyText } from '../../contracts/money-amount.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { encryptSecret } from '../../crypto/secret-box.js';
import { recordAudit } from '../audit/audit.service.js';
import { forgetReportTimezone } from '../reports/report-timezone.js';
import * as queries from './settings.queries.js';
import { refusesSave, supplierSettingProblems, urlsOutsideAllowlist } from './supplier-settings.rules.js';

export async function getCompanySettings(ctx: ServiceContext) {
  return queries.selectCompanySettings(ctx.db);
}

export async function saveCompanySettings(ctx: ServiceContext, rawInput: unknown) {
  const input = companySettingsSchema.parse(rawInput);
  await ctx.db.transaction(async (trx) => {
    await queries.updateCompanySettings(trx, { ...input, updated_by: actorId(ctx), updated_at: ctx.now() });
    await recordAudit(ctx, { action: 'settings.company.save', targetType: 'settings', targetId: 'company' }, trx);
  });
  // A new timezone has already moved the report rollups (a trigger, in the transaction above).
  forgetReportTimezone(ctx.db);
  return getCompanySettings(ctx);
}

export async function getAutomationSettings(ctx: ServiceContext): Promise<AutomationSettings> {
  const row = await queries.selectAutomationSettings(ctx.db);
  return {
    ...row,
    auto_approve_under_amount: toMoneyText(row.auto_approve_under_amount),
    max_order_total: toMoneyText(row.max_order_total),
    stat_auto_approve_under:
      row.stat_auto_approve_under === null ? null : toMoneyText(row.stat_auto_approve_under as string),
  };
}

/** The auto-approve policy as everyone's profile card shows it (a part of the automation settings). */
export async function getApprovalPolicy(ctx: ServiceContext): Promise<ApprovalPolicy> {
  const { auto_approve_enabled, auto_approve_under_amount, stat_auto_approve_under } = await getAutomationSettings(ctx);
  return { auto_approve_enabled, auto_approve_under_amount, stat_auto_approve_under };
}

export async function saveAutomationSettings(ctx: ServiceContext, rawInput: unknown): Promise<AutomationSettings> {
  const input = automationSettingsSchema.parse(rawInput);
  const { max_order_total: maxOrderTotal, stat_auto_approve_under: statUnder, ...preferences } = input;
  await ctx.db.transaction(async (trx) => {
    await queries.updateAutomationSettings(trx, {
      ...preferences,
      auto_approve_under_amount: toMoneyText(input.auto_approve_under_amount),
      ...(maxOrderTotal === undefined ? {} : { max_order_total: toMoneyText(maxOrderTotal) }),
      ...(statUnder === undefined
        ? {}
        : { stat_auto_approve_under: statUnder === null ? null : toMoneyText(statUnder) }),
      updated_by: actorId(ctx),
      updated_at: ctx.now(),
    });
    await recordAudit(
      ctx,
      { action: 'settings.automation.save', targetType: 'settings', targetId: 'automation', details: { ...input } },
      trx,
    );
  });
  return getAutomationSettings(ctx);
}

export async function getPunchoutSettings(ctx: ServiceContext): Promise<PunchoutSettingsView> {
  const row = await queries.selectPunchoutSettings(ctx.db);
  const supplierIdentity = (row?.supplier_identity as string | null | undefined) ?? ctx.config.supplier.identity;
  const problems = supplierSettingProblems(
    {
      punchout_url: row?.punchout_url ?? null,
      test_punchout_url: row?.test_punchout_url ?? null,
      shop_setup_url: row?.shop_setup_url ?? null,
      identity: row?.identity ?? null,
      has_shared_secret: Boolean(row?.shared_secret_encrypted),
      supplier_identity: supplierIdentity,
      test_mode: row?.test_mode ?? true,
    },
    ctx.config.supplier.allowedHosts,
  );
  return {
    punchout_url: row?.punchout_url ?? null,
    test_punchout_url: row?.test_punchout_url ?? null,
    identity: row?.identity ?? null,
    shared_secret_masked: row?.shared_secret_encrypted ? '••••••••' : null,
    test_mode: row?.test_mode ?? true,
    shop_setup_url: row?.shop_setup_url ?? null,
    inbound_identity: row?.inbound_identity ?? null,
    inbound_shared_secret_masked: row?.inbound_shared_secret_encrypted ? '••••••••' : null,
    supplier_identity: supplierIdentity,
    supplier_identity_is_default: !row?.supplier_identity,
    problems,
    updated_at: row?.updated_at ? new Date(row.updated_at as string).toISOString() : null,
  };
}

/**
 * The shared secret is stored encrypted and never returned; an empty one keeps the stored secret
 * (the first setup requires it). The audit row names only the fields.
 */
export async function savePunchoutSettings(ctx: ServiceContext, rawInput: unknown): Promise<PunchoutSettingsView> {
  const hasStoredSecret = await queries.hasStoredPunchoutSecret(ctx.db);
  const input = (hasStoredSecret ? punchoutSettingsInputSchema : punchoutFirstSetupSchema).parse(rawInput);
  const outsideAllowlist = urlsOutsideAllowlist(input, ctx.config.supplier.allowedHosts);
  if (refusesSave(input.test_mode, outsideAllowlist)) {
    throw new AppError(
      422,
      'SUPPLIER_HOST_NOT_ALLOWED',
      `${outsideAllowlist.map((problem) => problem.message).join(' ')} ` +
        'In production mode such a URL is not saved, because every approved order would fail; ' +
        'in test mode it is saved with this warning.',
      Object.fromEntries(outsideAllowlist.map((problem) => [problem.field, problem.message])),
    );
  }
  const row = {
    punchout_url: input.punchout_url,
    test_punchout_url: input.test_punchout_url,
    identity: input.identity,
    ...(input.shared_secret
      ? { shared_secret_encrypted: encryptSecret(input.shared_secret, ctx.config.settingsEncryptionKey) }
      : {}),
    test_mode: input.test_mode,
    ...(input.shop_setup_url === undefined ? {} : { shop_setup_url: input.shop_setup_url }),
    // The environment's value is the default, not a choice: stored as null, the view written back changes nothing.
    ...(input.supplier_identity === undefined
      ? {}
      : {
          supplier_identity: input.supplier_identity === ctx.config.supplier.identity ? null : input.supplier_identity,
        }),
    updated_by: actorId(ctx),
    updated_at: ctx.now(),
  };
  const inbound =
    input.inbound_identity === undefined
      ? {}
      : await inboundChanges(ctx, {
          inbound_identity: input.inbound_identity,
          inbound_shared_secret: input.inbound_shared_secret,
        });
  await ctx.db.transaction(async (trx) => {
    await queries.upsertPunchoutSettings(trx, { ...row, ...inbound });
    await recordAudit(
      ctx,
      {
        action: 'settings.punchout.save',
        targetType: 'settings',
        targetId: 'punchout',
        details: {
          test_mode: input.test_mode,
          secret_changed: Boolean(input.shared_secret),
          ...(input.inbound_identity === undefined
            ? {}
            : { inbound_secret_changed: Boolean(input.inbound_shared_secret) }),
        },
      },
      trx,
    );
  });
  return getPunchoutSettings(ctx);
}

/**
 * Sets the supplier's credentials for the documents it sends back, alone (the CLI's
 * `settings:punchout --inbound-identity ID --inbound-secret-stdin`); the outbound settings stay.
 */
export async function saveInboundSupplierCredentials(
  ctx: ServiceContext,
  rawInput: unknown,
): Promise<PunchoutSettingsView> {
  const input = inboundCredentialsInputSchema.parse(rawInput);
  const changes = await inboundChanges(ctx, input);
  await ctx.db.transaction(async (trx) => {
    await queries.upsertPunchoutSettings(trx, { ...changes, updated_by: actorId(ctx), updated_at: ctx.now() });
    await recordAudit(
      ctx,
      {
        action: 'settings.punchout.save',
        targetType: 'settings',
        targetId: 'punchout',
        details: { inbound_secret_changed: Boolean(input.inbound_shared_secret) },
      },
      trx,
    );
  });
  return getPunchoutSettings(ctx);
}

/** The inbound columns to write: an identity needs a secret (given now or stored); no identity clears both. */
async function inboundChanges(
  ctx: ServiceContext,
  input: { inbound_identity: string | null; inbound_shared_secret: string | null },
): Promise<Record<string, string | null>> {
  if (!input.inbound_identity) return { inbound_identity: null, inbound_shared_secret_encrypted: null };
  if (!input.inbound_shared_secret && !(await queries.hasStoredInboundSecret(ctx.db))) {
    throw AppError.badRequest('VALIDATION_FAILED', 'Set the inbound shared secret as well', {
      inbound_shared_secret: 'Set the inbound shared secret as well',
    });
  }
  return {
    inbound_identity: input.inbound_identity,
    ...(input.inbound_shared_secret
      ? {
          inbound_shared_secret_encrypted: encryptSecret(input.inbound_shared_secret, ctx.config.settingsEncryptionKey),
        }
      : {}),
  };
}

function actorId(ctx: ServiceContext): string | null {
  return ctx.actor.kind === 'user' ? ctx.actor.userId : null;
}
