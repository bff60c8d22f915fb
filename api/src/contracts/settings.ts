import { z } from 'zod';

import { moneyAmountSchema, moneyTextSchema } from './money-amount.js';

export const TIMEZONE_MESSAGE = 'Timezone must be an IANA time zone name, such as America/Chicago or UTC';

/**
 * An IANA zone the runtime knows: one of Intl's canonical names or UTC, or a linked name such as
 * Asia/Kolkata that Intl accepts (browsers and Node list different canonical spellings). Always
 * Area/Location: an offset like '+01:00' is refused, since PostgreSQL reads its sign the other way.
 */
export function isIanaTimezone(value: string): boolean {
  if (value === 'UTC' || Intl.supportedValuesOf('timeZone').includes(value)) return true;
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timezoneSchema = z
  .string()
  .trim()
  .min(1, 'Timezone is required')
  .max(60)
  .refine(isIanaTimezone, TIMEZONE_MESSAGE);

export const companySettingsSchema = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(200),
  contact_email: z
    .union([z.email('Please enter a valid email address'), z.literal('')])
    .nullish()
    .transform((value) => value || null),
  phone: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((value) => value || null),
  timezone: timezoneSchema,
  bill_to_street: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value || null),
  bill_to_city: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => value || null),
  bill_to_state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'State must be 2 letters')
    .nullish()
    .or(z.literal(''))
    .transform((value) => value || null),
  bill_to_postal_code: z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((value) => value || null),
});
export type CompanySettings = z.output<typeof companySettingsSchema>;
export type CompanySettingsInput = z.input<typeof companySettingsSchema>;

/** decisions.md: auto-approve is real (enabled flag + amount, default disabled, $100). Money as answered or as numbers. */
export const automationSettingsSchema = z.object({
  auto_sync_daily: z.boolean(),
  email_notifications_new_orders: z.boolean(),
  auto_approve_enabled: z.boolean(),
  auto_approve_under_amount: moneyAmountSchema().pipe(z.number().min(0, 'Amount must be ≥ 0').max(1_000_000)),
  /** The ceiling on one order's total (default $250,000); left out, the saved one stays. */
  max_order_total: moneyAmountSchema('Enter a limit of at least $1')
    .pipe(
      z.number().min(1, 'Enter a limit of at least $1').max(1_000_000_000, 'The limit can be at most $1,000,000,000'),
    )
    .optional(),
  /**
   * A STAT order under this total is approved by the system at once (its first level); null or ''
   * turns it off (the default). Left out, the saved one stays. Never past a budget or the requester's
   * monthly limit (a stop budget refuses the order; over a warn budget or the limit a person decides).
   */
  stat_auto_approve_under: z
    .union([z.literal('').transform(() => null), z.null(), moneyAmountSchema()], {
      error: 'Enter an amount such as 250.00',
    })
    .pipe(
      z
        .number()
        .min(0.01, 'Enter an amount of at least $0.01, or leave it empty to approve no STAT order automatically')
        .max(1_000_000, 'The STAT auto-approval amount can be at most $1,000,000')
        .nullable(),
    )
    .optional(),
});
export type AutomationSettingsInput = z.input<typeof automationSettingsSchema>;

/** GET and PUT /api/admin/settings/automation answer money as decimal strings ('100.00'). */
export const automationSettingsViewSchema = z.strictObject({
  auto_sync_daily: z.boolean(),
  email_notifications_new_orders: z.boolean(),
  auto_approve_enabled: z.boolean(),
  auto_approve_under_amount: moneyTextSchema,
  max_order_total: moneyTextSchema,
  /** A STAT order under this total is approved at once; null: off. */
  stat_auto_approve_under: moneyTextSchema.nullable(),
});
export type AutomationSettings = z.infer<typeof automationSettingsViewSchema>;

/** GET /api/admin/settings/company and what its PUT answers. */
export const companySettingsViewSchema = z.strictObject({
  name: z.string(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
  timezone: z.string(),
  bill_to_street: z.string().nullable(),
  bill_to_city: z.string().nullable(),
  bill_to_state: z.string().nullable(),
  bill_to_postal_code: z.string().nullable(),
});
export type CompanySettingsView = z.infer<typeof companySettingsViewSchema>;

/**
 * Punchout settings (admin-portal §5): all three fields required; the secret never comes back.
 * Once a secret is stored, leaving the secret empty keeps it (a change of URL or of the test-mode
 * switch must not need the secret retyped); the first setup needs it (punchoutFirstSetupSchema).
 */
export const punchoutSettingsInputSchema = z.object({
  punchout_url: z.string().trim().min(1, 'All fields are required').pipe(z.url('The punchout URL must be a valid URL')),
  identity: z.string().trim().min(1, 'All fields are required').max(200),
  shared_secret: z
    .string()
    .max(500)
    .nullish()
    .transform((value) => value || null),
  test_punchout_url: z
    .union([z.url('The test URL must be a valid URL'), z.literal('')])
    .nullish()
    .transform((value) => value || null),
  test_mode: z.boolean().default(true),
  /**
   * Where "Shop at supplier" sends its PunchOutSetupRequest: left out, it stays as it
   * is; empty turns PunchOut shopping off.
   */
  shop_setup_url: z
    .union([
      z
        .url('The PunchOut shopping URL must be a valid URL')
        .regex(/^https?:\/\//i, 'The PunchOut shopping URL must start with http:// or https://'),
      z.literal(''),
    ])
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  /**
   * The supplier's own credentials for the documents it sends back (POST /api/cxml/inbound): left
   * out, they stay as they are; an empty identity turns inbound documents off (and forgets the secret).
   */
  inbound_identity: inboundIdentitySchema().optional(),
  inbound_shared_secret: inboundSecretSchema(),
  /**
   * The supplier's identity, sent as the cXML `To` credential and expected as the `From` of what it
   * sends back: left out, it stays as it is; empty goes back to the SUPPLIER_IDENTITY default.
   */
  supplier_identity: z
    .string()
    .trim()
    .max(200, 'The supplier identity is at most 200 characters')
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
});

/** POST … inbound only (the CLI's `settings:punchout --inbound-identity ID --inbound-secret-stdin`). */
export const inboundCredentialsInputSchema = z.object({
  inbound_identity: inboundIdentitySchema(),
  inbound_shared_secret: inboundSecretSchema(),
});
export type InboundCredentialsInput = z.input<typeof inboundCredentialsInputSchema>;

function inboundIdentitySchema() {
  return z
    .string()
    .trim()
    .max(200, 'The supplier identity is at most 200 characters')
    .nullable()
    .transform((value) => value || null);
}

/** A secret the supplier holds; long enough that guessing it online is hopeless. Empty keeps the stored one. */
function inboundSecretSchema() {
  return z
    .union([
      z
        .string()
        .min(16, 'The inbound shared secret must be at least 16 characters')
        .max(500, 'The inbound shared secret is at most 500 characters'),
      z.literal(''),
    ])
    .nullish()
    .transform((value) => value || null);
}

/** With no secret stored yet, the secret is required like the other fields. */
export const punchoutFirstSetupSchema = punchoutSettingsInputSchema.extend({
  shared_secret: z.string().min(1, 'All fields are required').max(500),
});

export type PunchoutSettingsInput = z.input<typeof punchoutSettingsInputSchema>;

/** One reason the supplier settings cannot work, naming the setting to change (null: the environment). */
export const supplierSettingProblemSchema = z.strictObject({
  field: z.enum(['punchout_url', 'test_punchout_url', 'shop_setup_url', 'identity', 'shared_secret']).nullable(),
  message: z.string(),
});

/** The answer of a test OrderRequest sent to the supplier: what it said, word for word where it said it. */
export const supplierTestOrderResultSchema = z.strictObject({
  ok: z.boolean(),
  target_url: z.string().nullable(),
  deployment_mode: z.literal('test'),
  payload_id: z.string().nullable(),
  order_id: z.string().nullable(),
  http_status: z.number().int().nullable(),
  cxml_status_code: z.number().int().nullable(),
  cxml_status_text: z.string().nullable(),
  /** The supplier's own words (the Status element's text), when it gave any. */
  cxml_message: z.string().nullable(),
  /** What went wrong, for a person: null when the supplier accepted the test order. */
  error: z.string().nullable(),
});
export type SupplierTestOrderResult = z.infer<typeof supplierTestOrderResultSchema>;

export const punchoutSettingsViewSchema = z.strictObject({
  punchout_url: z.string().nullable(),
  test_punchout_url: z.string().nullable(),
  identity: z.string().nullable(),
  /** Masked: always '••••••••' when a secret is saved (nothing of it is revealed), null when none is. */
  shared_secret_masked: z.string().nullable(),
  test_mode: z.boolean(),
  /** Where "Shop at supplier" sends its PunchOutSetupRequest; null: PunchOut shopping is off. */
  shop_setup_url: z.string().nullable(),
  /** Who may send documents back (the supplier's identity); null: inbound documents are off. */
  inbound_identity: z.string().nullable(),
  /** Masked like the outbound secret; null when none is saved. */
  inbound_shared_secret_masked: z.string().nullable(),
  /** The cXML `To` identity in use: the saved one, else the SUPPLIER_IDENTITY default. */
  supplier_identity: z.string(),
  /** True while no identity is saved here and the environment's default is used. */
  supplier_identity_is_default: z.boolean(),
  /** What stops these settings from working (empty when an order could be sent), each with the setting to change. */
  problems: z.array(supplierSettingProblemSchema),
  updated_at: z.string().nullable(),
});
export type PunchoutSettingsView = z.infer<typeof punchoutSettingsViewSchema>;

/** GET /api/approval-policy: the auto-approve setting as everyone's profile card shows it (decisions.md). */
export const approvalPolicySchema = z.strictObject({
  auto_approve_enabled: z.boolean(),
  /** USD with two decimals, e.g. '100.00'. */
  auto_approve_under_amount: moneyTextSchema,
  /** A STAT order under this total is approved automatically (stat_auto_approve_under); null: never. */
  stat_auto_approve_under: moneyTextSchema.nullable(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;
