import { z } from 'zod';

import {
  DEFAULT_MEDICAL_RECORD_PATTERN,
  EXTRA_PATTERN_MAX_COUNT,
  SUPPLIER_TEXT_MAX_LENGTH,
  checkExtraPattern,
  checkExtraPatterns,
} from './supplier-text.rules.js';

/** The code of a supplier text refused because it seems to hold patient data (HTTP 422). */
export const PHI_IN_SUPPLIER_TEXT = 'PHI_IN_SUPPLIER_TEXT';

export const DELIVERY_NOTE_TOO_LONG_MESSAGE = `Delivery instructions can be at most ${SUPPLIER_TEXT_MAX_LENGTH} characters.`;

/**
 * Optional delivery instructions for the supplier ("deliver to bed bay 3"); empty or blank is none.
 * Checked for patient data by the server before it is accepted.
 */
export const deliveryNoteSchema = z
  .string({ error: 'Delivery instructions must be text' })
  .trim()
  .max(SUPPLIER_TEXT_MAX_LENGTH, DELIVERY_NOTE_TOO_LONG_MESSAGE)
  .nullish()
  .transform((value) => value || null);

/** PUT /api/admin/settings/supplier-text: the medical record number pattern and the extra patterns. */
export const supplierTextSettingsInputSchema = z.object({
  medical_record_pattern: z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null)
    .superRefine((value, issue) => {
      const problem = value ? checkExtraPattern(value) : null;
      if (problem) issue.addIssue({ code: 'custom', message: problem });
    }),
  extra_patterns: z
    .array(z.string().trim(), { error: 'Extra patterns must be a list of regular expressions' })
    .transform((patterns) => patterns.filter(Boolean))
    .superRefine((patterns, issue) => {
      const problem = checkExtraPatterns(patterns);
      if (problem) issue.addIssue({ code: 'custom', message: problem });
    }),
});
export type SupplierTextSettingsInput = z.input<typeof supplierTextSettingsInputSchema>;

export const supplierTextSettingsViewSchema = z
  .strictObject({
    /** The organisation's own pattern; null: the default below. */
    medical_record_pattern: z.string().nullable(),
    default_medical_record_pattern: z.literal(DEFAULT_MEDICAL_RECORD_PATTERN),
    extra_patterns: z.array(z.string()).max(EXTRA_PATTERN_MAX_COUNT),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'SupplierTextSettings' });
export type SupplierTextSettings = z.infer<typeof supplierTextSettingsViewSchema>;
