import {
  onboardingSchema,
  signInSchema,
  type OnboardingInput,
  type SessionResponse,
  type SignInInput,
} from '../../contracts/auth.js';
import { effectiveRole, isAdmin, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { hashPassword, verifyPassword } from '../users/password-hashing.js';
import * as queries from './auth.queries.js';
import { addressKey } from '../throttles/throttle-rules.js';
import type { Throttles } from '../throttles/throttles.js';
import { deviceIdOf, rememberAccount } from './device-cookie.js';

/** Verified against for unknown e-mails, so both answers take as long (no account enumeration). */
const UNKNOWN_ACCOUNT_HASH = hashPassword('not-a-real-password-for-timing-only');

export interface SignedInUser {
  userId: string;
  email: string;
}

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'Invalid login credentials');

export interface PasswordSignIn {
  user: SignedInUser;
  /** The browser's device cookie with a fresh entry for this account (OWASP's device cookie). */
  deviceToken: string;
}

/**
 * The attempt is counted BEFORE the password is checked (one atomic upsert each), so parallel
 * guesses get no more checks than the limit. A browser whose device cookie holds an entry for this
 * account has a budget of its own; others share the account's and their address's (docs/security-sign-in.md).
 * A disabled account answers exactly like a wrong password, so the answer reveals nothing.
 */
export async function signInWithPassword(
  ctx: ServiceContext,
  throttles: Throttles,
  rawInput: SignInInput,
  deviceToken?: string,
): Promise<PasswordSignIn> {
  const input = signInSchema.parse(rawInput);
  const address = addressKey(ctx.clientAddress);
  const deviceId = deviceIdOf(ctx.config.sessionSecret, input.email, deviceToken);
  if (deviceId) await throttles.consume('signInDevice', deviceId);
  else {
    await throttles.consume('signInAddress', address);
    await throttles.consume('signInAccount', input.email);
  }
  const credential = await queries.selectCredentialByEmail(ctx.db, input.email);
  const isPasswordRight = credential?.password_hash
    ? await verifyPassword(credential.password_hash, input.password)
    : await verifyPassword(await UNKNOWN_ACCOUNT_HASH, input.password).then(() => false);
  const audit = { action: 'auth.sign_in', targetType: 'user', targetId: credential?.id };
  if (!credential || !isPasswordRight || credential.status !== 'active') {
    const reason = credential && isPasswordRight ? 'disabled' : 'invalid_credentials';
    await recordAudit(ctx, {
      ...audit,
      outcome: 'failure',
      details: { method: 'password', email: input.email, reason },
    });
    throw invalidCredentials();
  }
  if (deviceId) await throttles.clear('signInDevice', deviceId);
  else await Promise.all([throttles.clear('signInAccount', input.email), throttles.reward('signInAddress', address)]);
  await recordAudit(
    { ...ctx, actor: { kind: 'user', userId: credential.id, label: credential.email } },
    { ...audit, details: { method: 'password', ...(deviceId ? { known_device: true } : {}) } },
  );
  return {
    user: { userId: credential.id, email: credential.email },
    deviceToken: rememberAccount(ctx.config.sessionSecret, credential.email, deviceToken),
  };
}

export async function completeOnboarding(ctx: ServiceContext, userId: string, rawInput: OnboardingInput) {
  const input = onboardingSchema.parse(rawInput);
  const now = ctx.now();
  return ctx.db.transaction(async (trx) => {
    const user = await queries.selectUserContact(trx, userId);
    if (!user) throw AppError.notFound('Profile not found', 'PROFILE_NOT_FOUND');
    await queries.upsertOnboardedProfile(trx, user, input, now);
    await recordAudit(ctx, { action: 'profile.onboarding', targetType: 'user', targetId: userId }, trx);
    return queries.selectProfile(trx, userId);
  });
}

export async function describeSession(
  ctx: ServiceContext,
  auth: { userId: string; email: string; roles: Role[]; authMethod: string; expiresAt: number; mustEnrollMfa: boolean },
): Promise<SessionResponse> {
  const profile = (await queries.selectProfile(ctx.db, auth.userId)) ?? null;
  return {
    user: { id: auth.userId, email: auth.email },
    profile,
    roles: auth.roles,
    effective_role: effectiveRole(auth.roles),
    is_admin: isAdmin(auth.roles),
    auth_method: auth.authMethod,
    mfa_enrollment_required: auth.mustEnrollMfa,
    expires_at: new Date(auth.expiresAt).toISOString(),
  };
}

const DEMO_ACCOUNTS = { admin: 'admin@demo.supplyhub.test', doctor: 'doctor@demo.supplyhub.test' } as const;

/** Demo mode's "Try as …" sign-in: the demo account of that role, no password. */
export async function signInAsDemoUser(ctx: ServiceContext, as: keyof typeof DEMO_ACCOUNTS): Promise<SignedInUser> {
  const account = await queries.selectUserByEmail(ctx.db, DEMO_ACCOUNTS[as]);
  if (!account)
    throw AppError.conflict('DEMO_DATA_MISSING', 'The demo accounts are not loaded: run `npm run cli -- db:seed`.');
  await recordAudit(
    { ...ctx, actor: { kind: 'user', userId: account.id, label: account.email } },
    { action: 'auth.sign_in', targetType: 'user', targetId: account.id, details: { method: 'demo' } },
  );
  return { userId: account.id, email: account.email };
}

/** The roles of an account, oldest grant first. */
export function rolesOf(ctx: Pick<ServiceContext, 'db'>, userId: string): Promise<Role[]> {
  return queries.selectRoles(ctx.db, userId);
}

export type { SessionUser } from './auth.queries.js';

/** The account behind a session and its roles: one query per authenticated request. */
export function readSessionUser(ctx: Pick<ServiceContext, 'db'>, userId: string) {
  return queries.selectSessionUser(ctx.db, userId);
}
