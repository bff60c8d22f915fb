import type { SsoRoleGuessResponse } from '../../contracts/auth.js';
import { guessSsoRole } from '../../contracts/sso-role-guess.rules.js';
import type { ServiceContext } from '../../context.js';
import { selectLatestIdentityGroups } from './sso-providers.queries.js';

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
  const groups = await selectLatestIdentityGroups(ctx.db, auth.userId, auth.authMethod);
  const email = auth.email.toLowerCase();
  return {
    auth_method: auth.authMethod,
    groups,
    role_guess: groups ? guessSsoRole({ email, groups, patterns: employeeGroupPatterns, forcedProviderEmails }) : null,
    is_forced_provider: forcedProviderEmails.some((forced) => forced.toLowerCase() === email),
    employee_group_patterns: [...employeeGroupPatterns],
  };
}
