import { z } from 'zod';

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
  timezone: z.string().trim().min(1, 'Timezone is required').max(60),
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

/** decisions.md: auto-approve is real (enabled flag + amount, default disabled, $100). */
export const automationSettingsSchema = z.object({
  auto_sync_daily: z.boolean(),
  email_notifications_new_orders: z.boolean(),
  auto_approve_enabled: z.boolean(),
  auto_approve_under_amount: z.number().min(0, 'Amount must be ≥ 0').max(1_000_000),
});
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

/** Punchout settings (admin-portal §5): all three fields required; the secret never comes back. */
export const punchoutSettingsInputSchema = z.object({
  punchout_url: z.string().trim().min(1, 'All fields are required').pipe(z.url('The punchout URL must be a valid URL')),
  identity: z.string().trim().min(1, 'All fields are required').max(200),
  shared_secret: z.string().min(1, 'All fields are required').max(500),
  test_punchout_url: z
    .union([z.url('The test URL must be a valid URL'), z.literal('')])
    .nullish()
    .transform((value) => value || null),
  test_mode: z.boolean().default(true),
});

export const punchoutSettingsViewSchema = z.object({
  punchout_url: z.string().nullable(),
  test_punchout_url: z.string().nullable(),
  identity: z.string().nullable(),
  /** Masked: always '••••••••' when a secret is saved (nothing of it is revealed), null when none is. */
  shared_secret_masked: z.string().nullable(),
  test_mode: z.boolean(),
  updated_at: z.string().nullable(),
});
export type PunchoutSettingsView = z.infer<typeof punchoutSettingsViewSchema>;

/** GET /api/approval-policy: the auto-approve setting as everyone's profile card shows it (decisions.md). */
export const approvalPolicySchema = z.object({
  auto_approve_enabled: z.boolean(),
  /** USD with two decimals, e.g. '100.00'. */
  auto_approve_under_amount: z.string(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;
