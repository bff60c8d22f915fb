import { describe, expect, it } from '@jest/globals';

import { isCallbackTimeoutState, isCancelledSignIn, readCallbackError } from './callback.rules';

describe('the sign-in callback', () => {
  it('reads the provider error from the query string, else from the hash', () => {
    expect(readCallbackError('?error=access_denied&error_description=No', '')).toEqual({
      error: 'access_denied',
      error_description: 'No',
      error_code: null,
    });
    expect(readCallbackError('?code=abc', '#error_code=otp_expired')).toEqual({
      error: null,
      error_description: null,
      error_code: 'otp_expired',
    });
    expect(readCallbackError('?code=abc', '#access_token=x')).toBeNull();
  });

  it('only access_denied counts as a cancelled sign-in', () => {
    expect(isCancelledSignIn({ error: 'access_denied', error_description: null, error_code: null })).toBe(true);
    expect(isCancelledSignIn({ error: 'server_error', error_description: null, error_code: null })).toBe(false);
  });

  it('recognises the timed-out state and nothing else', () => {
    expect(isCallbackTimeoutState({ callbackTimedOut: true })).toBe(true);
    expect(isCallbackTimeoutState({ callbackTimedOut: 'yes' })).toBe(false);
    expect(isCallbackTimeoutState(null)).toBe(false);
  });
});
