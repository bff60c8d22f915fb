import { ssoRoleGuessResponseSchema } from '../auth.js';
import { ssoDiscoverQuerySchema, ssoDiscoveryResponseSchema, ssoProviderListSchema } from '../sso.js';
import { endpoint } from './endpoint.js';

const tag = 'Single sign-on';

export const ssoEndpoints = {
  discover: endpoint({
    method: 'get',
    path: '/api/auth/sso/discover',
    summary: 'Which SAML provider serves an e-mail: its domain, then the fallback chain',
    tag,
    access: 'public',
    query: ssoDiscoverQuerySchema,
    responses: { 200: ssoDiscoveryResponseSchema },
    errors: [429],
  }),
  providers: endpoint({
    method: 'get',
    path: '/api/auth/sso/providers',
    summary: 'The enabled SAML providers, without their certificates',
    tag,
    access: 'public',
    responses: { 200: ssoProviderListSchema },
  }),
  roleGuess: endpoint({
    method: 'get',
    path: '/api/auth/sso/role-guess',
    summary: "How single sign-on guessed the signed-in user's role (the SSO Doctor)",
    tag,
    access: 'signed-in',
    responses: { 200: ssoRoleGuessResponseSchema },
  }),
};
