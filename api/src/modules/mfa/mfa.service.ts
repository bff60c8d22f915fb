import { createHash, randomBytes } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

import { isAdmin, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../crypto/secret-box.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import * as queries from './mfa.queries.js';

const ISSUER = 'Supply Hub';
const PERIOD_S = 30;
const RECOVERY_CODE_COUNT = 10;

export type MfaRequirement = 'none' | 'verify' | 'enroll';

/** Admins with a confirmed factor verify a code; admins without one must enrol when MFA is enforced. */
export async function mfaRequirementFor(
  ctx: ServiceContext,
  userId: string,
  roles: readonly Role[],
): Promise<MfaRequirement> {
  const factor = await queries.selectTotpFactor(ctx.db, userId);
  if (factor?.confirmed_at) return 'verify';
  return isAdmin(roles) && ctx.config.isMfaRequiredForAdmins ? 'enroll' : 'none';
}

function totpFor(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD_S,
    digits: 6,
  });
}

export async function startEnrollment(ctx: ServiceContext, user: { userId: string; email: string }) {
  const existing = await queries.selectTotpFactor(ctx.db, user.userId);
  if (existing?.confirmed_at)
    throw AppError.conflict('MFA_ALREADY_ENABLED', 'Two-step sign-in is already on for this account.');
  const secret = new Secret({ size: 20 });
  await queries.upsertPendingFactor(
    ctx.db,
    user.userId,
    encryptSecret(secret.base32, ctx.config.settingsEncryptionKey),
    ctx.now(),
  );
  const otpauthUrl = totpFor(secret.base32, user.email).toString();
  return { otpauth_url: otpauthUrl, secret: secret.base32, qr_data_url: await QRCode.toDataURL(otpauthUrl) };
}

/** Checks a 6-digit code against the factor; a code (time step) is accepted once only. */
async function verifyTotp(
  ctx: ServiceContext,
  factor: queries.TotpFactorRow,
  email: string,
  code: string,
): Promise<number | undefined> {
  const totp = totpFor(decryptSecret(factor.secret_encrypted, ctx.config.settingsEncryptionKey), email);
  const timestamp = ctx.now().getTime();
  const delta = totp.validate({ token: code.replace(/\s/g, ''), timestamp, window: 1 });
  if (delta === null) return undefined;
  return TOTP.counter({ period: PERIOD_S, timestamp }) + delta;
}

export async function confirmEnrollment(ctx: ServiceContext, user: { userId: string; email: string }, code: string) {
  const factor = await queries.selectTotpFactor(ctx.db, user.userId);
  if (!factor || factor.confirmed_at)
    throw AppError.conflict('MFA_NOT_PENDING', 'Start the set-up of two-step sign-in first.');
  const step = await verifyTotp(ctx, factor, user.email, code);
  if (step === undefined)
    throw AppError.badRequest(
      'MFA_CODE_INVALID',
      'That code is not valid. Check the time on your device and try again.',
    );
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(randomBytes(5).toString('hex')),
  );
  await ctx.db.transaction(async (trx) => {
    await queries.confirmFactor(trx, user.userId, recoveryCodes.map(hashRecoveryCode), step, ctx.now());
    await recordAudit(ctx, { action: 'mfa.enable', targetType: 'user', targetId: user.userId }, trx);
  });
  return { recovery_codes: recoveryCodes };
}

/** The second step of a sign-in: a current code or one unused recovery code. */
export async function verifySecondFactor(
  ctx: ServiceContext,
  user: { userId: string; email: string },
  code: string,
): Promise<boolean> {
  const factor = await queries.selectTotpFactor(ctx.db, user.userId);
  if (!factor?.confirmed_at) return false;
  const trimmed = code.trim();
  if (/^\d{3}\s?\d{3}$/.test(trimmed)) {
    const step = await verifyTotp(ctx, factor, user.email, trimmed);
    return step !== undefined && (await queries.claimStep(ctx.db, user.userId, step));
  }
  const isRecovery = await queries.consumeRecoveryCode(ctx.db, user.userId, hashRecoveryCode(trimmed));
  if (isRecovery)
    await recordAudit(ctx, { action: 'mfa.recovery_code_used', targetType: 'user', targetId: user.userId });
  return isRecovery;
}

export async function disableMfa(ctx: ServiceContext, user: { userId: string; email: string }, code: string) {
  if (!(await verifySecondFactor(ctx, user, code))) {
    throw AppError.badRequest(
      'MFA_CODE_INVALID',
      'That code is not valid. Check the time on your device and try again.',
    );
  }
  await ctx.db.transaction(async (trx) => {
    await queries.deleteFactor(trx, user.userId);
    await recordAudit(ctx, { action: 'mfa.disable', targetType: 'user', targetId: user.userId }, trx);
  });
}

export async function mfaStatus(ctx: ServiceContext, userId: string, roles: readonly Role[]) {
  const factor = await queries.selectTotpFactor(ctx.db, userId);
  return {
    enabled: Boolean(factor?.confirmed_at),
    required: isAdmin(roles) && ctx.config.isMfaRequiredForAdmins,
    recovery_codes_left: factor?.confirmed_at ? factor.recovery_code_hashes.length : 0,
  };
}

function formatRecoveryCode(hex: string): string {
  return `${hex.slice(0, 5)}-${hex.slice(5)}`;
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}
