import { describe, expect, it } from '@jest/globals';

import {
  isDeleteEndpointPass,
  nextFallbacks,
  punchoutExposure,
  SSO_FALLBACK_CHAIN,
  ssoDiscoveryStatus,
} from './health-checks.rules';

describe('the health-check pass rules', () => {
  it('the delete-user endpoint passes on 200, 403 or 404 with JSON only', () => {
    expect(isDeleteEndpointPass(404, 'application/json; charset=utf-8')).toBe(true);
    expect(isDeleteEndpointPass(403, 'text/html')).toBe(false);
    expect(isDeleteEndpointPass(500, 'application/json')).toBe(false);
  });

  it('SSO discovery without providers fails, except in demo mode where it is not configured', () => {
    expect(ssoDiscoveryStatus([{ id: 'okta' }], false)).toBe('pass');
    expect(ssoDiscoveryStatus([], false)).toBe('fail');
    expect(ssoDiscoveryStatus([], true)).toBe('not_configured');
  });

  it('the punchout secret must never come back in clear', () => {
    expect(punchoutExposure({ shared_secret_masked: '••••••' })).toBe('masked');
    expect(punchoutExposure({ shared_secret_masked: null })).toBe('none');
    expect(punchoutExposure({ shared_secret_masked: 'ab••' })).toBe('clear');
    expect(punchoutExposure({ shared_secret: 'x', shared_secret_masked: '••' })).toBe('clear');
    expect(punchoutExposure(null)).toBe('clear');
  });

  it('the SSO fallbacks after the step that matched', () => {
    expect(nextFallbacks(SSO_FALLBACK_CHAIN, 'domain')).toEqual(['okta_sso', 'okta_tile']);
    expect(nextFallbacks(SSO_FALLBACK_CHAIN, 'okta_tile')).toEqual([]);
    expect(nextFallbacks(SSO_FALLBACK_CHAIN, null)).toEqual([]);
  });
});
