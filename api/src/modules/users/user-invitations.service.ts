import { userInvitationSchema, type UserInvitation } from '../../contracts/admin-users.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { getDepartment } from '../departments/departments.service.js';
import { issuePasswordSetToken } from '../auth/password-reset.service.js';
import { deliverQueuedMail, queueMail, type OutgoingMail } from '../mail/mail.service.js';
import * as queries from './users.queries.js';

/** An invitation's link stays usable this long (a reset link: 30 minutes; a new colleague may be on leave). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/** Whether an account has this e-mail (an import leaves such a row as it is). */
export async function hasAccount(ctx: ServiceContext, email: string): Promise<boolean> {
  return (await queries.selectUserByEmail(ctx.db, email)) !== undefined;
}

export interface InvitedUser {
  id: string;
  email: string;
  department: string | null;
  /** Sends the invitation once the caller's transaction has committed (else the mail-outbox job does). */
  deliver: (ctx: ServiceContext) => Promise<void>;
}

/**
 * Creates an account without a password (roles, a completed profile, approved or not) and queues
 * an invitation mail whose link sets the first password: the password-reset token, so the link
 * opens the reset page and is spent once. Runs in the caller's database handle (a transaction).
 */
export async function inviteUser(ctx: ServiceContext, rawInput: unknown): Promise<InvitedUser> {
  const input: UserInvitation = userInvitationSchema.parse(rawInput);
  const now = ctx.now();
  const db = ctx.db;
  if (await queries.selectUserByEmail(db, input.email)) {
    throw new AppError(409, 'USER_EXISTS', `An account with the e-mail ${input.email} already exists`, {
      email: 'already has an account',
    });
  }
  const department = input.department_id ? await getDepartment(ctx, input.department_id) : undefined;
  if (department && !department.active) {
    throw new AppError(
      422,
      'DEPARTMENT_INACTIVE',
      `The department ${department.name} is deactivated: choose an active department.`,
      { department_id: 'is deactivated' },
    );
  }
  const actorId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  const user = await queries.insertUser(db, input.email, now);
  await queries.insertRoles(db, user.id, input.roles, actorId, now);
  await queries.upsertProfile(
    db,
    {
      user_id: user.id,
      username: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      department: department?.name ?? null,
      department_id: department?.id ?? null,
      onboarding_completed: true,
      onboarding_approved: input.approved,
      approved_at: input.approved ? now : null,
    },
    now,
  );
  const token = await issuePasswordSetToken(ctx, user.id, INVITATION_TTL_MS);
  const mail = invitationMail(ctx, input, token);
  const mailId = await queueMail(ctx, mail);
  await recordAudit(
    ctx,
    {
      action: 'user.invite',
      targetType: 'user',
      targetId: user.id,
      details: { roles: input.roles, approved: input.approved, department_id: department?.id ?? null },
    },
    db,
  );
  return {
    id: user.id,
    email: user.email,
    department: department?.name ?? null,
    deliver: (outer) => deliverQueuedMail(outer, mailId, mail),
  };
}

function invitationMail(ctx: ServiceContext, input: UserInvitation, token: string): OutgoingMail {
  return {
    to: input.email,
    subject: 'You are invited to Supply Hub',
    template: 'user-invitation',
    text: [
      `Hello ${input.first_name},`,
      'An administrator created a Supply Hub account for you.',
      `To choose your password, open this link within 7 days: ${ctx.config.publicUrl}/reset-password#token=${token}`,
      `Then sign in at ${ctx.config.publicUrl}/login with this e-mail address.`,
    ].join('\n\n'),
  };
}
