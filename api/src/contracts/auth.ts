import { z } from 'zod';

import { roleSchema } from './roles.js';

/** provider-portal §5: every field required, valid e-mail, password of at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MAX_LENGTH = 50;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address'));

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required').max(NAME_MAX_LENGTH, 'First name too long'),
  last_name: z.string().trim().min(1, 'Last name is required').max(NAME_MAX_LENGTH, 'Last name too long'),
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(256, 'Password is too long.'),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** POST /api/auth/password-reset/request: the "Forgot your password?" form. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(256, 'Password is too long.');

/** POST /api/auth/password-reset/confirm: the mailed link's token and the new password. */
export const passwordResetConfirmSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid.'),
  password: newPasswordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** POST /api/auth/password-reset/check: whether the link can still be used, without using it. */
export const passwordResetCheckSchema = passwordResetConfirmSchema.pick({ token: true });
export type PasswordResetCheckInput = z.infer<typeof passwordResetCheckSchema>;

/** The reset page's form: the new password typed twice (the token comes from the link). */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirm_password: z.string() })
  .refine((form) => form.password === form.confirm_password, {
    path: ['confirm_password'],
    message: 'The passwords do not match.',
  });

/** The onboarding form (provider-portal §5), word for word. */
export const onboardingSchema = z.object({
  first_name: z.string().trim().min(1, 'First name is required').max(NAME_MAX_LENGTH, 'First name too long'),
  last_name: z.string().trim().min(1, 'Last name is required').max(NAME_MAX_LENGTH, 'Last name too long'),
});
export type OnboardingInput = z.infer<typeof onboardingSchema>;

export const profileSchema = z
  .strictObject({
    user_id: z.string(),
    username: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    avatar_url: z.string().nullable(),
    department: z.string().nullable(),
    default_ship_to: z.string().nullable(),
    years_experience: z.number().nullable(),
    onboarding_completed: z.boolean(),
    onboarding_approved: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const sessionResponseSchema = z
  .strictObject({
    user: z.strictObject({ id: z.string(), email: z.string() }),
    profile: profileSchema.nullable(),
    roles: z.array(roleSchema),
    effective_role: z.string(),
    is_admin: z.boolean(),
    auth_method: z.string(),
    /** An admin who must set up TOTP before the back office opens (MFA enforced). */
    mfa_enrollment_required: z.boolean(),
    /** When the session ends unless refreshed: the earlier of the idle and the absolute limit. */
    expires_at: z.string(),
  })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /api/auth/sso/role-guess: how single sign-on guessed the signed-in user's role (the SSO Doctor). */
export const ssoRoleGuessResponseSchema = z.strictObject({
  auth_method: z.string(),
  /** The groups the identity provider asserted at this method's latest sign-in; null if none were kept. */
  groups: z.array(z.string()).nullable(),
  /** The label the groups give with this deployment's patterns; null without groups. */
  role_guess: z.enum(['employee', 'provider']).nullable(),
  /** The account is a configured test account that SSO always makes a provider. */
  is_forced_provider: z.boolean(),
  employee_group_patterns: z.array(z.string()),
});
export type SsoRoleGuessResponse = z.infer<typeof ssoRoleGuessResponseSchema>;

export const approvalSchema = z.object({
  approved: z.boolean(),
  approval_notes: z.string().trim().max(1000).optional(),
});

export const bulkApprovalSchema = approvalSchema.extend({
  ids: z.array(z.uuid()).min(1).max(500),
});

/** POST /api/auth/signup/confirm: the token of the mailed sign-up link. */
export const signUpConfirmSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-up link is not valid.'),
});
export type SignUpConfirmInput = z.infer<typeof signUpConfirmSchema>;

/** Demo mode's "Try as admin" / "Try as doctor". */
export const demoSignInSchema = z.object({ as: z.enum(['admin', 'doctor']) });

/** A TOTP code (or a recovery code): the sign-in step, enrolment and turning it off. */
export const mfaCodeSchema = z.object({ code: z.string().trim().min(6, 'Enter the 6-digit code').max(40) });

const signedInUserSchema = z.strictObject({ id: z.string(), email: z.string() });

/** A signed-in answer; `home` is where the account's role lands (roles.rules.ts). */
export const signedInResponseSchema = z.strictObject({
  status: z.literal('signed_in'),
  user: signedInUserSchema,
  home: z.string(),
});

/** POST /api/auth/login: signed in, signed in but must set up TOTP first, or the code is asked next. */
export const signInResponseSchema = z.discriminatedUnion('status', [
  signedInResponseSchema,
  signedInResponseSchema.extend({ status: z.literal('mfa_enrollment_required') }),
  z.strictObject({ status: z.literal('mfa_required') }),
]);

/** Sign-up confirmation and demo sign-in: signed in, no home (the storefront goes to onboarding). */
export const accountSignedInResponseSchema = signedInResponseSchema.omit({ home: true });

/** POST /api/auth/signup: the same 202 for every e-mail, known or not. */
export const signUpResponseSchema = z.strictObject({ status: z.literal('check_email'), message: z.string() });

/** A sentence for the user, the whole answer (password reset). */
export const messageResponseSchema = z.strictObject({ message: z.string() });

/** GET /api/auth/mfa: whether two-step sign-in is on, required, and how many recovery codes are left. */
export const mfaStatusSchema = z.strictObject({
  enabled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST /api/auth/mfa/enroll: the new secret, as a link, as text and as a QR code image. */
export const mfaEnrollmentSchema = z.strictObject({
  otpauth_url: z.string(),
  secret: z.string(),
  qr_data_url: z.string(),
});
export type MfaEnrollment = z.infer<typeof mfaEnrollmentSchema>;

/** POST /api/auth/mfa/confirm: the recovery codes, shown once. */
export const mfaRecoveryCodesSchema = z.strictObject({ recovery_codes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesSchema>;
