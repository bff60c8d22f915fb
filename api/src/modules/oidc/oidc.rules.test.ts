import { describe, expect, it } from '@jest/globals';

import {
  describeOidcFailure,
  failureLocation,
  identityFromClaims,
  isLocalPath,
  reasonForProtocolError,
  successLocation,
} from './oidc.rules.js';

describe('isLocalPath', () => {
  it.each([
    ['/orders', true],
    ['/orders/42?tab=lines#top', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['orders', false],
    ['', false],
    ['/orders\nSet-Cookie: x=1', false],
    [undefined, false],
    [['/a', '/b'], false],
  ])('%j is a local path: %s', (value, expected) => {
    expect(isLocalPath(value)).toBe(expected);
  });
});

describe('reasonForProtocolError', () => {
  // The shapes openid-client 6 throws: its ClientError wraps oauth4webapi's error, whose cause names the claim.
  const wrapped = (code: string, claim: string) => ({ code, cause: { code, cause: { claim } } });
  it.each([
    [{ code: 'OAUTH_AUTHORIZATION_RESPONSE_ERROR', error: 'access_denied' }, 'access_denied'],
    [{ code: 'OAUTH_AUTHORIZATION_RESPONSE_ERROR', error: 'login_required' }, 'provider_error'],
    [{ code: 'OAUTH_RESPONSE_BODY_ERROR', error: 'invalid_grant' }, 'code_rejected'],
    [{ code: 'OAUTH_RESPONSE_BODY_ERROR', error: 'invalid_client' }, 'provider_error'],
    [wrapped('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'aud'), 'audience_mismatch'],
    [wrapped('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'azp'), 'audience_mismatch'],
    [wrapped('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'nonce'), 'nonce_mismatch'],
    [wrapped('OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'iss'), 'invalid_response'],
    [wrapped('OAUTH_JWT_TIMESTAMP_CHECK_FAILED', 'exp'), 'token_expired'],
    [wrapped('OAUTH_JWT_TIMESTAMP_CHECK_FAILED', 'iat'), 'invalid_response'],
    [{ code: 'OAUTH_INVALID_RESPONSE' }, 'invalid_response'],
    [new TypeError('fetch failed'), 'server_error'],
    [undefined, 'server_error'],
  ])('%j is %s', (error, expected) => {
    expect(reasonForProtocolError(error)).toBe(expected);
  });
});

describe('callback locations', () => {
  it('encode the reason and message with %20 for spaces', () => {
    expect(failureLocation(describeOidcFailure('provider_not_configured'))).toBe(
      '/auth/callback?error=provider_not_configured&error_description=Social%20sign-in%20is%20not%20configured',
    );
    expect(successLocation('/orders/42?tab=lines')).toBe('/auth/callback?redirect=%2Forders%2F42%3Ftab%3Dlines');
    expect(successLocation(undefined)).toBe('/auth/callback');
  });
});

describe('identityFromClaims', () => {
  it('reads the identity, counting only a boolean true as a verified e-mail', () => {
    expect(
      identityFromClaims({ sub: 's1', email: 'a@b.test', email_verified: 'true', given_name: 'Ada', family_name: 7 }),
    ).toEqual({ subject: 's1', email: 'a@b.test', isEmailVerified: false, firstName: 'Ada', lastName: undefined });
    expect(identityFromClaims({ sub: 's1', email: 'a@b.test', email_verified: true })?.isEmailVerified).toBe(true);
  });

  it('has no identity without a subject or an e-mail', () => {
    expect(identityFromClaims({ sub: 's1' })).toBeUndefined();
    expect(identityFromClaims({ email: 'a@b.test' })).toBeUndefined();
    expect(identityFromClaims(undefined)).toBeUndefined();
  });
});
