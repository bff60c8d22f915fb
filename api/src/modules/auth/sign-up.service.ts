import { createHash, randomBytes } from 'node:crypto';

import { signUpConfirmSchema, signUpSchema, type SignUpConfirmInput, type SignUpInput } from '../../contracts/auth.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { sendMail, type OutgoingMail } from '../mail/mail.service.js';
import type { Throttles } from '../throttles/throttles.js';
import { hashPassword } from '../users/password-hashing.js';
import * as queries from './auth.queries.js';
import type { SignedInUser } from './auth.service.js';
import { assertStrongPassword } from './password-policy.js';
import { claimSignUpRequest, insertSignUpRequest } from './sign-up.queries.js';

export const SIGN_UP_LINK_TTL_MS = 24 * 3600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sign-up answers the same for a new and a known e-mail, after the same work: the form is checked,
 * the password hashed, and a mail goes to the address — a link that creates the account, or a note
 * that the address already has one. Nothing tells a caller whether an account exists.
 */
export async function requestSignUp(ctx: ServiceContext, throttles: Throttles, rawInput: SignUpInput): Promise<void> {
  const input = signUpSchema.parse(rawInput);
  await assertStrongPassword(ctx.db, input.password, {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
  });
  // Counted once the form is acceptable, so fixing a refused password costs no attempt.
  await throttles.consume('signUpEmail', input.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const mail = await ctx.db.transaction(async (trx) => {
    const existing = await queries.selectUserByEmail(trx, input.email);
    const audit = { action: 'auth.sign_up_requested', targetType: 'user', targetId: existing?.id };
    if (existing) {
      await recordAudit(ctx, { ...audit, outcome: 'failure', details: { reason: 'existing_account' } }, trx);
      return existingAccountMail(ctx, input.email);
    }
    const token = randomBytes(32).toString('base64url');
    await insertSignUpRequest(
      trx,
      {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        password_hash: passwordHash,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + SIGN_UP_LINK_TTL_MS),
      },
      now,
    );
    await recordAudit(ctx, { ...audit, details: { email: input.email } }, trx);
    return confirmLinkMail(ctx, input.email, token);
  });
  await sendMail(ctx, mail);
}

/** The link from the mail: creates the account (role 'user', profile to complete) once. */
export async function confirmSignUp(ctx: ServiceContext, rawInput: SignUpConfirmInput) {
  const { token } = signUpConfirmSchema.parse(rawInput);
  const now = ctx.now();
  return ctx.db.transaction(async (trx): Promise<SignedInUser> => {
    const request = await claimSignUpRequest(trx, hashToken(token), now);
    if (!request)
      throw AppError.badRequest(
        'SIGN_UP_LINK_INVALID',
        'This sign-up link is not valid or has expired. Sign up again.',
      );
    if (await queries.selectUserByEmail(trx, request.email)) {
      throw AppError.conflict('USER_EXISTS', 'An account with this e-mail already exists. Please sign in.');
    }
    const user = await queries.insertUser(trx, request.email, now);
    await queries.insertPasswordCredential(trx, user.id, request.password_hash, now);
    await queries.insertRoles(trx, user.id, ['user'], null, now);
    await queries.upsertProfile(
      trx,
      {
        user_id: user.id,
        username: request.email,
        first_name: request.first_name,
        last_name: request.last_name,
        onboarding_completed: false,
        onboarding_approved: false,
      },
      now,
    );
    const actorCtx = { ...ctx, actor: { kind: 'user' as const, userId: user.id, label: user.email } };
    await recordAudit(
      actorCtx,
      { action: 'auth.sign_up', targetType: 'user', targetId: user.id, details: { method: 'password' } },
      trx,
    );
    return { userId: user.id, email: user.email };
  });
}

const SUBJECT = 'Finish creating your Supply Hub account';

function confirmLinkMail(ctx: ServiceContext, to: string, token: string): OutgoingMail {
  return {
    to,
    subject: SUBJECT,
    template: 'sign-up-confirm',
    text: [
      'Someone signed up for Supply Hub with this e-mail address.',
      `To create your account, open this link within 24 hours: ${ctx.config.publicUrl}/confirm-sign-up#token=${token}`,
      'If it was not you, ignore this e-mail: no account is created.',
    ].join('\n\n'),
  };
}

function existingAccountMail(ctx: ServiceContext, to: string): OutgoingMail {
  return {
    to,
    subject: SUBJECT,
    template: 'sign-up-existing-account',
    text: [
      'Someone tried to sign up for Supply Hub with this e-mail address, but you already have an account.',
      `Sign in at ${ctx.config.publicUrl}/login. If you forgot your password, choose "Forgot password?" there.`,
      'If it was not you, ignore this e-mail: nothing has changed.',
    ].join('\n\n'),
  };
}
