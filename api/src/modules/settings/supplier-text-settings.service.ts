import { supplierTextSettingsInputSchema, type SupplierTextSettings } from '../../contracts/supplier-text.js';
import {
  DEFAULT_MEDICAL_RECORD_PATTERN,
  checkExtraPattern,
  checkExtraPatterns,
} from '../../contracts/supplier-text.rules.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { recordAudit } from '../audit/audit.service.js';
import { compileLinearPattern } from '../../text/linear-patterns.js';
import * as queries from './supplier-text-settings.queries.js';

/** What the patient-data guard on supplier text checks besides its built-in shapes (defaults until saved). */
export async function getSupplierTextSettings(ctx: ServiceContext, db: Db = ctx.db): Promise<SupplierTextSettings> {
  const row = await queries.selectSupplierTextSettings(db);
  return {
    medical_record_pattern: row?.medical_record_pattern ?? null,
    default_medical_record_pattern: DEFAULT_MEDICAL_RECORD_PATTERN,
    extra_patterns: row?.extra_patterns ?? [],
    updated_at: row ? row.updated_at.toISOString() : null,
  };
}

/** Saves the patterns (each checked to be a valid regular expression that cannot stall the check). */
export async function saveSupplierTextSettings(ctx: ServiceContext, rawInput: unknown): Promise<SupplierTextSettings> {
  // The contract's checks, then the patterns compiled as the guard will run them (linear time).
  const input = supplierTextSettingsInputSchema
    .superRefine((value, issue) => {
      const problem =
        (value.medical_record_pattern && checkExtraPattern(value.medical_record_pattern, compileLinearPattern)) ||
        checkExtraPatterns(value.extra_patterns, compileLinearPattern);
      if (problem) issue.addIssue({ code: 'custom', message: problem, path: ['extra_patterns'] });
    })
    .parse(rawInput);
  await ctx.db.transaction(async (trx) => {
    await queries.upsertSupplierTextSettings(trx, { ...input, updated_at: ctx.now() });
    await recordAudit(
      ctx,
      {
        action: 'settings.supplier_text.save',
        targetType: 'settings',
        targetId: 'supplier_text',
        details: {
          extra_pattern_count: input.extra_patterns.length,
          has_medical_record_pattern: Boolean(input.medical_record_pattern),
        },
      },
      trx,
    );
  });
  return getSupplierTextSettings(ctx);
}
