/** Query keys of the sign-in screens: what the server offers, and the SSO provider of a typed e-mail. */
export const authKeys = {
  all: ['auth'] as const,
  signInProviders: () => [...authKeys.all, 'providers'] as const,
  ssoDiscovery: (email: string) => [...authKeys.all, 'sso-discovery', email] as const,
};
