import type { SsoRoleGuessResponse } from '../../contracts/auth.js';
import { guessSsoRole } from '../../contracts/sso-role-guess.rules.js';
import type { ServiceContext } from '../../context.js';

/**
 * How single sign-on guesses the signed-in user's role, with this deployment's patterns and the
 * groups their identity provider sent at its latest sign-in by the session's method. The list of
 * forced test accounts stays on the server: the user only learns whether they are one.
 */
export async function explainSsoRoleGuess(
  ctx: ServiceContext,
  auth: { userId: string; email: string; authMethod: string },
): Promise<SsoRoleGuessResponse> {
  const { employeeGroupPatterns, forcedProviderEmails } = ctx.config.saml;
  const identity = (await ctx
    .db('external_identities')
    .where({ user_id: auth.userId, provider: auth.authMethod })
    .orderBy('last_sign_in_at', 'desc')
    .first('groups')) as { groups: unknown } | undefined;
  const groups = Array.isArray(identity?.groups)
    ? identity.groups.filter((group): group is string => typeof group === 'string')
    : null;
  const email = auth.email.toLowerCase();
  return {
    auth_method: auth.authMethod,
    groups,
    role_guess: groups ? guessSsoRole({ email, groups, patterns: employeeGroupPatterns, forcedProviderEmails }) : null,
    is_forced_provider: forcedProviderEmails.some((forced) => forced.toLowerCase() === email),
    employee_group_patterns: [...employeeGroupPatterns],
  };
}
