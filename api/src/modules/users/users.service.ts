import type { Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { assertStrongPassword } from '../auth/password-policy.js';
import { departmentNamed } from '../departments/departments.service.js';
import { hashPassword } from './password-hashing.js';
import * as queries from './users.queries.js';
import { createUserInputSchema, emailSchema, type CreateUserInput } from './users.rules.js';

export interface CreatedUser {
  id: string;
  email: string;
  roles: Role[];
  onboarding_approved: boolean;
}

/** Creates an account with a password, its roles and a completed profile, in one transaction. */
export async function createUser(ctx: ServiceContext, rawInput: CreateUserInput): Promise<CreatedUser> {
  const input = createUserInputSchema.parse(rawInput);
  await assertStrongPassword(ctx.db, input.password, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  return insertAccount(ctx, input, await hashPassword(input.password));
}

/**
 * Accounts that share one password the caller has already judged and hashed: the demo's. Each
 * argon2 hash takes 19 MiB of native memory that the allocator keeps after it, so a first start
 * that hashed one demo password per account held tens of megabytes for nothing.
 */
export async function createUsersSharingPassword(
  ctx: ServiceContext,
  password: string,
  rawInputs: Omit<CreateUserInput, 'password'>[],
): Promise<CreatedUser[]> {
  const inputs = rawInputs.map((rawInput) => createUserInputSchema.parse({ ...rawInput, password }));
  if (inputs.length === 0) return [];
  const passwordHash = await hashPassword(password);
  const created: CreatedUser[] = [];
  for (const input of inputs) created.push(await insertAccount(ctx, input, passwordHash));
  return created;
}

function insertAccount(
  ctx: ServiceContext,
  input: ReturnType<typeof createUserInputSchema.parse>,
  passwordHash: string,
): Promise<CreatedUser> {
  const now = ctx.now();
  return ctx.db.transaction(async (trx) => {
    if (await queries.selectUserByEmail(trx, input.email)) {
      throw AppError.conflict('USER_EXISTS', `An account with the e-mail ${input.email} already exists`);
    }
    const user = await queries.insertUser(trx, input.email, now);
    await queries.insertPasswordCredential(trx, user.id, passwordHash, now);
    await queries.insertRoles(trx, user.id, input.roles, actorUserId(ctx), now);
    const department = input.department ? await departmentNamed(trx, input.department, now) : undefined;
    await queries.upsertProfile(
      trx,
      {
        user_id: user.id,
        username: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        department: department?.name ?? null,
        department_id: department?.id ?? null,
        onboarding_completed: true,
        onboarding_approved: input.isApproved,
        approved_at: input.isApproved ? now : null,
      },
      now,
    );
    await recordAudit(
      ctx,
      {
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        details: { roles: input.roles, approved: input.isApproved },
      },
      trx,
    );
    return { id: user.id, email: user.email, roles: input.roles, onboarding_approved: input.isApproved };
  });
}

export async function setAccountApproval(
  ctx: ServiceContext,
  input: { email: string; approved: boolean; notes?: string },
): Promise<{ id: string; email: string; onboarding_approved: boolean }> {
  const email = emailSchema.parse(input.email);
  const user = await requireUserByEmail(ctx.db, email);
  await setApprovalForUsers(ctx, { ids: [user.id], approved: input.approved, notes: input.notes });
  return { id: user.id, email: user.email, onboarding_approved: input.approved };
}

/**
 * Approves or un-approves accounts that completed onboarding, in one transaction: all or none.
 * Each change is audited with who and when; the profiles trigger tells the user's waiting screen live.
 */
export async function setApprovalForUsers(
  ctx: ServiceContext,
  input: { ids: string[]; approved: boolean; notes?: string },
): Promise<{ updated: number }> {
  return ctx.db.transaction(async (trx) => {
    for (const id of input.ids) {
      const updated = await queries.updateApproval(
        trx,
        id,
        { approved: input.approved, approvedBy: actorUserId(ctx), notes: input.notes ?? null },
        ctx.now(),
      );
      if (updated === 0) throw AppError.notFound('No account with a completed profile has this id', 'USER_NOT_FOUND');
      await recordAudit(
        ctx,
        {
          action: input.approved ? 'user.approve' : 'user.unapprove',
          targetType: 'user',
          targetId: id,
          details: { notes: input.notes ?? null },
        },
        trx,
      );
      await queries.notifyProfileUpdated(trx, id);
    }
    return { updated: input.ids.length };
  });
}

export async function grantRole(ctx: ServiceContext, input: { email: string; role: Role }) {
  const email = emailSchema.parse(input.email);
  return ctx.db.transaction(async (trx) => {
    const user = await requireUserByEmail(trx, email);
    const added = await queries.insertRoles(trx, user.id, [input.role], actorUserId(ctx), ctx.now());
    if (added > 0) {
      await recordAudit(
        ctx,
        { action: 'user.role.grant', targetType: 'user', targetId: user.id, details: { role: input.role } },
        trx,
      );
    }
    return { email: user.email, roles: await queries.selectRoles(trx, user.id), changed: added > 0 };
  });
}

export async function revokeRole(ctx: ServiceContext, input: { email: string; role: Role }) {
  const email = emailSchema.parse(input.email);
  return ctx.db.transaction(async (trx) => {
    const user = await requireUserByEmail(trx, email);
    const removed = await queries.deleteRole(trx, user.id, input.role);
    if (removed > 0) {
      await recordAudit(
        ctx,
        { action: 'user.role.revoke', targetType: 'user', targetId: user.id, details: { role: input.role } },
        trx,
      );
    }
    return { email: user.email, roles: await queries.selectRoles(trx, user.id), changed: removed > 0 };
  });
}

async function requireUserByEmail(db: ServiceContext['db'], email: string) {
  const user = await queries.selectUserByEmail(db, email);
  if (!user) throw AppError.notFound(`No account with the e-mail ${email}`, 'USER_NOT_FOUND');
  return user;
}

function actorUserId(ctx: ServiceContext): string | null {
  return ctx.actor.kind === 'user' ? ctx.actor.userId : null;
}

/** Grants or revokes one role inside the caller's transaction; true when the account's roles changed. */
export async function changeRoleInTransaction(
  trx: ServiceContext['db'],
  input: { userId: string; role: Role; change: 'grant' | 'revoke'; grantedBy: string | null; now: Date },
): Promise<boolean> {
  return input.change === 'grant'
    ? (await queries.insertRoles(trx, input.userId, [input.role], input.grantedBy, input.now)) > 0
    : (await queries.deleteRole(trx, input.userId, input.role)) > 0;
}
