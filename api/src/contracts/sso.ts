import { z } from 'zod';

import { emailSchema } from './auth.js';

/** GET /api/auth/providers: what the sign-in page offers; other methods join as sibling keys. */
export const signInProvidersSchema = z.strictObject({
  oidc: z.strictObject({ enabled: z.boolean(), name: z.string().nullable() }),
});
export type SignInProviders = z.infer<typeof signInProvidersSchema>;

/** A repeated or odd `redirect` parameter is dropped, not refused: the sign-in still starts. */
export const oidcStartQuerySchema = z.object({ redirect: z.string().optional().catch(undefined) });

/** A repeated or odd RelayState is dropped, not refused: the sign-in still goes on. */
export const samlRelayStateSchema = z.object({ RelayState: z.string().optional().catch(undefined) });

/** The form an identity provider's page posts to the assertion consumer. */
export const samlAcsBodySchema = z.object({ SAMLResponse: z.string().min(1) });
export const samlAcsFormSchema = samlAcsBodySchema.extend({ RelayState: z.string().optional() });

/** A provider's id: the `:providerId` of the SAML routes and the CLI's `--id`. */
export const ssoProviderIdSchema = z
  .string()
  .regex(/^[a-z0-9_-]{2,40}$/, 'must be 2–40 lower-case letters, digits, _ or -');

/** An unknown or malformed id ends like any failed sign-in (a redirect), so the route does not refuse it. */
export const samlProviderParamsSchema = z.object({ providerId: z.string() });

export const ssoDiscoverQuerySchema = z.object({ email: emailSchema });

/** decisions.md: discovery tries the e-mail's domain, then these provider ids, in order. */
export const DISCOVERY_FALLBACK_CHAIN = ['okta_sso', 'okta_tile'] as const;

/** GET /api/auth/sso/discover: which provider serves an e-mail and which step of the chain matched. */
export const ssoDiscoveryResponseSchema = z.strictObject({
  provider_id: z.string().nullable(),
  matched_by: z.enum(['domain', ...DISCOVERY_FALLBACK_CHAIN]).nullable(),
  chain: z.array(z.string()),
});
export type SsoDiscovery = z.infer<typeof ssoDiscoveryResponseSchema>;

/** GET /api/auth/sso/providers: enabled providers, without their certificates. */
export const ssoProviderListSchema = z.strictObject({
  providers: z.array(z.strictObject({ id: z.string(), entity_id: z.string(), domains: z.array(z.string()) })),
});

/** An e-mail domain a provider serves, lower-cased. */
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'must be a domain such as clinic.org');

export const httpUrlSchema = z.url().refine((url) => /^https?:\/\//.test(url), 'must be an http(s) URL');

/** A SAML provider as the CLI adds it. */
export const ssoProviderInputSchema = z.object({
  id: ssoProviderIdSchema,
  entityId: z.string().min(1),
  domains: z.array(ssoDomainSchema).min(1),
  entryPoint: httpUrlSchema,
  certificatePem: z.string().min(1),
});
export type SsoProviderInput = z.infer<typeof ssoProviderInputSchema>;
