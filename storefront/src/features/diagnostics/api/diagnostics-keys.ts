/** Query keys of the diagnostics screens (SSO doctor, SAML debug, production settings). */
export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  sessionStatus: () => [...diagnosticsKeys.all, 'session-status'] as const,
  ssoProviders: () => [...diagnosticsKeys.all, 'sso-providers'] as const,
  serverHealth: () => [...diagnosticsKeys.all, 'server-health'] as const,
  mfaPolicy: () => [...diagnosticsKeys.all, 'mfa-policy'] as const,
  punchoutSettings: () => [...diagnosticsKeys.all, 'punchout-settings'] as const,
};
