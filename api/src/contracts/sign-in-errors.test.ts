import { describe, expect, it } from '@jest/globals';

import { describeSignInErrorCode } from './sign-in-errors.js';

describe('describeSignInErrorCode', () => {
  it.each([
    ['access_denied', 'Sign-in was cancelled at the provider.'],
    ['saml_audience', 'The sign-in response was issued for another application (audience mismatch).'],
    ['unknown_provider', 'This single sign-on provider is not configured or is disabled.'],
    ['account_disabled', 'This account has been disabled. Contact your administrator.'],
  ])('gives the portal’s own text for %s', (code, text) => {
    expect(describeSignInErrorCode(code)).toBe(text);
  });

  it.each([null, '', 'saml_', 'saml_unknown_provider', 'audience', 'toString', '__proto__', 'Call 555-0100'])(
    'knows no text for %j (a link can carry any code)',
    (code) => {
      expect(describeSignInErrorCode(code)).toBeNull();
    },
  );
});
