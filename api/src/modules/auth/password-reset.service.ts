import { createHash, randomBytes } from 'node:crypto';

import { z } from 'zod';

import { emailSchema, PASSWORD_MIN_LENGTH } from '../../contracts/auth.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMail } from '../mail/mail.service.js';
import { hashPassword } from '../users/password-hashing.js';
import { insertPasswordCredential, selectUserByEmail } from '../users/users.queries.js';
import { isCommonPassword } from './password-strength.rules.js';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid.'),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(256),
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Answers the same whether or not the e-mail has an account (no enumeration). */
export async function requestPasswordReset(
  ctx: ServiceContext,
  rawInput: z.infer<typeof passwordResetRequestSchema>,
): Promise<void> {
  const { email } = passwordResetRequestSchema.parse(rawInput);
  const user = await selectUserByEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db('password_reset_tokens').insert({
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    created_at: now,
  });
  await recordAudit(ctx, { action: 'auth.password_reset_requested', targetType: 'user', targetId: user.id });
  await sendMail(ctx, {
    to: user.email,
    subject: 'Reset your Supply Hub password',
    template: 'password-reset',
    text: [
      'Someone asked to reset the password of your Supply Hub account.',
      `To choose a new password, open this link within 30 minutes: ${ctx.config.publicUrl}/reset-password#token=${token}`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n\n'),
  });
}

/** Sets the new password with a single-use token and ends every session of the account. */
export async function confirmPasswordReset(
  ctx: ServiceContext,
  rawInput: z.infer<typeof passwordResetConfirmSchema>,
): Promise<void> {
  const input = passwordResetConfirmSchema.parse(rawInput);
  if (isCommonPassword(input.password)) {
    throw new AppError(400, 'WEAK_PASSWORD', 'Password is too common. Choose one that is harder to guess.');
  }
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await ctx.db.transaction(async (trx) => {
    const claimed = await trx('password_reset_tokens')
      .where({ token_hash: hashToken(input.token) })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .update({ used_at: now })
      .returning<{ user_id: string }[]>('user_id');
    const userId = claimed[0]?.user_id;
    if (!userId)
      throw new AppError(400, 'RESET_TOKEN_INVALID', 'This reset link is not valid or has expired. Ask for a new one.');
    await insertPasswordCredential(trx, userId, passwordHash, now);
    await trx('sessions').whereRaw(`sess->>'userId' = ?`, [userId]).delete();
    await recordAudit(ctx, { action: 'auth.password_reset', targetType: 'user', targetId: userId }, trx);
  });
}
