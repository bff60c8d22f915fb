import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

import type { MfaEnrollment, MfaRecoveryCodes, MfaStatus } from '../../contracts/auth.js';
import { isAdmin, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { decryptSecret, encryptSecret } from '../../crypto/secret-box.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Throttles } from '../throttles/throttles.js';
import * as queries from './mfa.queries.js';

const ISSUER = 'Supply Hub';
const PERIOD_S = 30;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_BYTES = 10;

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

export async function startEnrollment(
  ctx: ServiceContext,
  user: { userId: string; email: string },
): Promise<MfaEnrollment> {
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

export async function confirmEnrollment(
  ctx: ServiceContext,
  throttles: Throttles,
  user: { userId: string; email: string },
  code: string,
): Promise<MfaRecoveryCodes> {
  const factor = await queries.selectTotpFactor(ctx.db, user.userId);
  if (!factor || factor.confirmed_at)
    throw AppError.conflict('MFA_NOT_PENDING', 'Start the set-up of two-step sign-in first.');
  await throttles.consume('mfaCode', user.userId);
  const step = await verifyTotp(ctx, factor, user.email, code);
  if (step === undefined)
    throw AppError.badRequest(
      'MFA_CODE_INVALID',
      'That code is not valid. Check the time on your device and try again.',
    );
  await throttles.clear('mfaCode', user.userId);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(randomBytes(RECOVERY_CODE_BYTES).toString('hex')),
  );
  const key = recoveryCodeKey(ctx.config.settingsEncryptionKey);
  await ctx.db.transaction(async (trx) => {
    await queries.confirmFactor(
      trx,
      user.userId,
      recoveryCodes.map((recoveryCode) => hashRecoveryCode(key, recoveryCode)),
      step,
      ctx.now(),
    );
    await recordAudit(ctx, { action: 'mfa.enable', targetType: 'user', targetId: user.userId }, trx);
  });
  return { recovery_codes: recoveryCodes };
}

/**
 * The second step of a sign-in (and the proof for disabling): a current code or one unused
 * recovery code. The attempt is counted before the code is checked, so parallel guesses get no
 * more checks than the limit; a right code clears the count.
 */
export async function verifySecondFactor(
  ctx: ServiceContext,
  throttles: Throttles,
  user: { userId: string; email: string },
  code: string,
): Promise<boolean> {
  await throttles.consume('mfaCode', user.userId);
  const isRight = await checkSecondFactor(ctx, user, code);
  if (isRight) await throttles.clear('mfaCode', user.userId);
  return isRight;
}

async function checkSecondFactor(ctx: ServiceContext, user: { userId: string; email: string }, code: string) {
  const factor = await queries.selectTotpFactor(ctx.db, user.userId);
  if (!factor?.confirmed_at) return false;
  const trimmed = code.trim();
  if (/^\d{3}\s?\d{3}$/.test(trimmed)) {
    const step = await verifyTotp(ctx, factor, user.email, trimmed);
    return step !== undefined && (await queries.claimStep(ctx.db, user.userId, step));
  }
  const key = recoveryCodeKey(ctx.config.settingsEncryptionKey);
  const isRecovery = await queries.consumeRecoveryCode(ctx.db, user.userId, [
    hashRecoveryCode(key, trimmed),
    legacyRecoveryCodeHash(trimmed),
  ]);
  if (isRecovery)
    await recordAudit(ctx, { action: 'mfa.recovery_code_used', targetType: 'user', targetId: user.userId });
  return isRecovery;
}

export async function disableMfa(
  ctx: ServiceContext,
  throttles: Throttles,
  user: { userId: string; email: string },
  code: string,
) {
  if (!(await verifySecondFactor(ctx, throttles, user, code))) {
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

export async function mfaStatus(ctx: ServiceContext, userId: string, roles: readonly Role[]): Promise<MfaStatus> {
  const factor = await queries.selectTotpFactor(ctx.db, userId);
  return {
    enabled: Boolean(factor?.confirmed_at),
    required: isAdmin(roles) && ctx.config.isMfaRequiredForAdmins,
    recovery_codes_left: factor?.confirmed_at ? factor.recovery_code_hashes.length : 0,
  };
}

/** 20 hex digits (80 bits) in four groups of five: 'a1b2c-3d4e5-f6a7b-8c9d0'. */
function formatRecoveryCode(hex: string): string {
  return hex.match(/.{5}/g)!.join('-');
}

/** A key of its own for recovery codes, derived from the settings key (config), never stored. */
function recoveryCodeKey(settingsEncryptionKey: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(settingsEncryptionKey, 'hex'), '', 'supply-hub recovery codes', 32),
  );
}

/** HMAC-SHA-256 under the server key ('h1:' marks it), of the code without case, spaces or dashes. */
function hashRecoveryCode(key: Buffer, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return `h1:${createHmac('sha256', key).update(normalised).digest('hex')}`;
}

/**
 * Codes issued before HMAC (40-bit, unsalted SHA-256) keep working until used, so no administrator
 * is locked out; with the attempt counted before each check they cannot be guessed online.
 */
function legacyRecoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}
