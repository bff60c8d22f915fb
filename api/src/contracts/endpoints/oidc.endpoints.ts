import { oidcStartQuerySchema, signInProvidersSchema } from '../sso.js';
import { endpoint } from './endpoint.js';

const tag = 'Single sign-on';
const redirect = {
  description: 'Redirect to the identity provider, or back to the sign-in page with the reason',
  headers: { Location: 'Where the browser goes next' },
};

export const oidcEndpoints = {
  providers: endpoint({
    method: 'get',
    path: '/api/auth/providers',
    summary: 'The sign-in methods the sign-in page offers',
    tag,
    access: 'public',
    responses: { 200: signInProvidersSchema },
  }),
  start: endpoint({
    method: 'get',
    path: '/api/auth/oidc/start',
    summary: 'Start a social sign-in (OpenID Connect, code flow with PKCE); a browser navigation',
    tag,
    access: 'public',
    query: oidcStartQuerySchema,
    responses: { 302: redirect },
    errors: [429],
  }),
  callback: endpoint({
    method: 'get',
    path: '/api/auth/oidc/callback',
    summary: "The identity provider's redirect back: signs in and redirects into the portal",
    tag,
    access: 'public',
    responses: { 302: { ...redirect, description: 'Into the portal, or to the sign-in page with the reason' } },
  }),
};
