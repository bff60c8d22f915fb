import { createHash, randomBytes } from 'node:crypto';

import {
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type PasswordResetCheckInput,
  type PasswordResetConfirmInput,
  type PasswordResetRequestInput,
} from '../../contracts/auth.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMail, type OutgoingMail } from '../mail/mail.service.js';
import { addressKey } from '../throttles/throttle-rules.js';
import type { Throttles } from '../throttles/throttles.js';
import { hashPassword } from '../users/password-hashing.js';
import { deleteSessionsOfUser, insertPasswordCredential, selectUserByEmail } from './auth.queries.js';
import { assertStrongPassword } from './password-policy.js';
import { claimResetToken, issueResetToken, selectUsableTokenHolder } from './password-reset.queries.js';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidResetToken = () =>
  new AppError(400, 'RESET_TOKEN_INVALID', 'This reset link is not valid or has expired. Ask for a new one.');

/**
 * Answers the same, after the same work, whether or not the e-mail has an account: every path
 * writes an audit row and mails the address (a reset link, or a note that there is no usable
 * account), so neither the answer nor its timing tells an account exists. A new link ends the
 * earlier unused ones of the account.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  throttles: Throttles,
  rawInput: PasswordResetRequestInput,
): Promise<void> {
  const { email } = passwordResetRequestSchema.parse(rawInput);
  await throttles.consume('passwordResetRequestEmail', email);
  const user = await selectUserByEmail(ctx.db, email);
  const now = ctx.now();
  const isActive = user?.status === 'active';
  const token = randomBytes(32).toString('base64url');
  const mail = await ctx.db.transaction(async (trx) => {
    // The same statements in every path (no rows for an unknown account): the timing tells nothing.
    await issueResetToken(
      trx,
      isActive ? user.id : NO_ACCOUNT,
      hashToken(token),
      now,
      new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    );
    const audit = { action: 'auth.password_reset_requested', targetType: 'user', targetId: user?.id };
    if (!isActive) {
      const reason = user ? 'disabled' : 'unknown_account';
      await recordAudit(ctx, { ...audit, outcome: 'failure', details: { email, reason } }, trx);
      return user ? disabledAccountMail(email) : noAccountMail(ctx, email);
    }
    await recordAudit(ctx, audit, trx);
    return resetLinkMail(ctx, user.email, token);
  });
  await sendMail(ctx, mail);
}

const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * A new single-use link token for an account created without a password (an invitation): the
 * reset token, so the reset page sets the first password. Ends the account's earlier links.
 */
export async function issuePasswordSetToken(ctx: ServiceContext, userId: string, validForMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await issueResetToken(ctx.db, userId, hashToken(token), now, new Date(now.getTime() + validForMs));
  return token;
}

const RESET_SUBJECT = 'Reset your Supply Hub password';

function resetLinkMail(ctx: ServiceContext, to: string, token: string): OutgoingMail {
  return {
    to,
    subject: RESET_SUBJECT,
    template: 'password-reset',
    text: [
      'Someone asked to reset the password of your Supply Hub account.',
      `To choose a new password, open this link within 30 minutes: ${ctx.config.publicUrl}/reset-password#token=${token}`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n\n'),
  };
}

function noAccountMail(ctx: ServiceContext, to: string): OutgoingMail {
  return {
    to,
    subject: RESET_SUBJECT,
    template: 'password-reset-no-account',
    text: [
      'Someone asked to reset the password of a Supply Hub account for this e-mail address, but there is no account for it.',
      `If it was you, you may have signed up with another address, or you can create an account at ${ctx.config.publicUrl}/login.`,
      'If it was not you, ignore this e-mail.',
    ].join('\n\n'),
  };
}

function disabledAccountMail(to: string): OutgoingMail {
  return {
    to,
    subject: RESET_SUBJECT,
    template: 'password-reset-disabled',
    text: [
      'Someone asked to reset the password of your Supply Hub account, but the account has been disabled.',
      'Contact your administrator to have it enabled again.',
    ].join('\n\n'),
  };
}

/**
 * Tells the reset page, as the link opens, whether it can still be used (a used or expired link
 * says so at once rather than after a new password is typed). It draws on the same allowance as
 * confirming, so it is no cheaper way to try tokens.
 */
export async function checkPasswordResetToken(
  ctx: ServiceContext,
  throttles: Throttles,
  rawInput: PasswordResetCheckInput,
): Promise<void> {
  const input = passwordResetCheckSchema.parse(rawInput);
  await throttles.consume('passwordResetConfirm', addressKey(ctx.clientAddress));
  if (!(await selectUsableTokenHolder(ctx.db, hashToken(input.token), ctx.now()))) throw invalidResetToken();
}

/** Sets the new password with a single-use token and ends every session of the account. */
export async function confirmPasswordReset(
  ctx: ServiceContext,
  throttles: Throttles,
  rawInput: PasswordResetConfirmInput,
): Promise<void> {
  const input = passwordResetConfirmSchema.parse(rawInput);
  await throttles.consume('passwordResetConfirm', addressKey(ctx.clientAddress));
  const now = ctx.now();
  const holder = await selectUsableTokenHolder(ctx.db, hashToken(input.token), now);
  if (!holder) throw invalidResetToken();
  // Checked before the token is spent, so a refused password leaves the link usable.
  await assertStrongPassword(ctx.db, input.password, {
    email: holder.email,
    firstName: holder.first_name,
    lastName: holder.last_name,
  });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (trx) => {
    const userId = await claimResetToken(trx, hashToken(input.token), now);
    if (!userId) throw invalidResetToken();
    await insertPasswordCredential(trx, userId, passwordHash, now);
    await deleteSessionsOfUser(trx, userId);
    await recordAudit(ctx, { action: 'auth.password_reset', targetType: 'user', targetId: userId }, trx);
  });
}
