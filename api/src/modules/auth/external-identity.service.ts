import type { Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { activeDepartmentNamed } from '../departments/departments.service.js';
import * as queries from './auth.queries.js';
import type { SignedInUser } from './auth.service.js';
import {
  insertExternalIdentity,
  selectLinkedAccount,
  selectProfileDepartmentId,
  touchExternalIdentity,
  updateProfileDepartment,
} from './external-identity.queries.js';

export interface ExternalIdentity {
  /** 'oidc:google', 'saml:<provider id>' … */
  provider: string;
  subject: string;
  email: string;
  isEmailVerified: boolean;
  firstName?: string;
  lastName?: string;
  /** The group values this sign-in asserted (SAML); kept for the SSO Doctor. Absent: the provider sends none. */
  groups?: readonly string[];
  /**
   * The department the directory asserts (a SAML department attribute): at every sign-in it sets the
   * account's department when it names an active one by code or name. Absent: left as it is.
   */
  department?: string;
  /** The role a new account gets; existing accounts keep theirs. */
  roleForNewAccount: Role;
  /**
   * Whether this provider may attach itself to an account that already exists with the e-mail.
   * A SAML provider may only for the e-mail domains it is configured for.
   */
  mayLinkExistingAccount?: boolean;
}

// Enough for any real directory; an assertion listing more must not grow the row without bound.
const MAX_KEPT_GROUPS = 200;
const MAX_GROUP_LENGTH = 256;

function groupsColumn(groups: readonly string[] | undefined): { groups?: string } {
  if (!groups) return {};
  // Cut by code points: half of a surrogate pair is not valid JSON text for PostgreSQL's jsonb.
  const kept = groups.slice(0, MAX_KEPT_GROUPS).map((group) => Array.from(group).slice(0, MAX_GROUP_LENGTH).join(''));
  return { groups: JSON.stringify(kept) };
}

/**
 * Signs in through an identity provider: the (provider, subject) pair finds the account; the
 * first time, a verified e-mail links it to an existing account or creates one that then goes
 * through onboarding and approval like any other.
 */
export async function signInWithExternalIdentity(
  ctx: ServiceContext,
  identity: ExternalIdentity,
): Promise<SignedInUser> {
  const email = identity.email.trim().toLowerCase();
  const now = ctx.now();
  const user = await ctx.db.transaction(async (trx) => {
    const key = { provider: identity.provider, subject: identity.subject };
    const linked = await selectLinkedAccount(trx, key);
    if (linked) {
      await touchExternalIdentity(trx, key, { last_sign_in_at: now, ...groupsColumn(identity.groups) });
      return linked;
    }
    if (!identity.isEmailVerified) {
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Your identity provider has not verified this e-mail address.');
    }
    let account = await queries.selectUserByEmail(trx, email);
    if (account && identity.mayLinkExistingAccount === false) {
      throw new AppError(
        403,
        'ACCOUNT_LINK_REFUSED',
        'This identity provider cannot sign in to an existing account of another e-mail domain.',
      );
    }
    if (!account) {
      account = await queries.insertUser(trx, email, now);
      await queries.insertRoles(trx, account.id, [identity.roleForNewAccount], null, now);
      await queries.upsertProfile(
        trx,
        {
          user_id: account.id,
          username: email,
          first_name: identity.firstName?.slice(0, 50) ?? '',
          last_name: identity.lastName?.slice(0, 50) ?? '',
          onboarding_completed: false,
          onboarding_approved: false,
        },
        now,
      );
    }
    await insertExternalIdentity(trx, { ...key, user_id: account.id, email, ...groupsColumn(identity.groups) }, now);
    return account;
  });
  if (identity.department !== undefined && user.status === 'active') {
    await applyAssertedDepartment(ctx, user, identity.provider, identity.department);
  }
  const audit = {
    action: 'auth.sign_in',
    targetType: 'user',
    targetId: user.id,
    details: { method: identity.provider },
  };
  if (user.status !== 'active') {
    await recordAudit(ctx, { ...audit, outcome: 'failure', details: { ...audit.details, reason: 'disabled' } });
    throw new AppError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Contact your administrator.');
  }
  await recordAudit({ ...ctx, actor: { kind: 'user', userId: user.id, label: user.email } }, audit);
  return { userId: user.id, email: user.email };
}

/**
 * Keeps the account's department as the directory asserts it. A value that names no active
 * department changes nothing and is recorded, so an administrator can add the department or fix
 * the directory (the SSO Doctor's audit trail shows it).
 */
async function applyAssertedDepartment(
  ctx: ServiceContext,
  user: { id: string; email: string },
  method: string,
  asserted: string,
) {
  const userId = user.id;
  const department = await activeDepartmentNamed(ctx.db, asserted);
  const actorCtx = { ...ctx, actor: { kind: 'user' as const, userId, label: user.email } };
  if (!department) {
    ctx.log.warn({ method, department: asserted }, 'SSO department attribute names no active department');
    await recordAudit(actorCtx, {
      action: 'user.department.sso_unmatched',
      targetType: 'user',
      targetId: userId,
      outcome: 'failure',
      details: { method, asserted },
    });
    return;
  }
  await ctx.db.transaction(async (trx) => {
    const profile = await selectProfileDepartmentId(trx, userId);
    if (!profile || profile.department_id === department.id) return;
    await updateProfileDepartment(trx, userId, department, ctx.now());
    await recordAudit(
      actorCtx,
      {
        action: 'user.department.sso',
        targetType: 'user',
        targetId: userId,
        details: { method, from: profile.department_id, to: department.id, name: department.name },
      },
      trx,
    );
  });
}
