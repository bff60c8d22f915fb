import { samlAcsFormSchema, samlProviderParamsSchema, samlRelayStateSchema } from '../sso.js';
import { endpoint } from './endpoint.js';

const tag = 'Single sign-on';
const redirect = {
  description: 'Redirect: into the portal, to the identity provider, or to the sign-in page with the reason',
  headers: { Location: 'Where the browser goes next' },
};

export const samlEndpoints = {
  metadata: endpoint({
    method: 'get',
    path: '/api/auth/saml/:providerId/metadata',
    summary: "This service provider's SAML metadata for one identity provider",
    tag,
    access: 'public',
    params: samlProviderParamsSchema,
    responses: { 200: { contentType: 'application/samlmetadata+xml', description: 'SAML 2.0 metadata' } },
    errors: [404],
  }),
  start: endpoint({
    method: 'get',
    path: '/api/auth/saml/:providerId/start',
    summary: 'Start a SAML sign-in with one identity provider; a browser navigation',
    tag,
    access: 'public',
    params: samlProviderParamsSchema,
    query: samlRelayStateSchema,
    responses: { 302: redirect },
    errors: [429],
  }),
  acs: endpoint({
    method: 'post',
    path: '/api/auth/saml/:providerId/acs',
    summary: 'Assertion consumer: the identity provider posts the signed response here',
    description: 'Exempt from the cross-site rule; the signature is checked instead. Failures redirect too.',
    tag,
    access: 'public',
    params: samlProviderParamsSchema,
    body: samlAcsFormSchema,
    requestContentType: 'application/x-www-form-urlencoded',
    responses: { 302: redirect },
  }),
};
