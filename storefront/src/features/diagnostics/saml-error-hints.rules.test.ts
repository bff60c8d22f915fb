import { describe, expect, it } from '@jest/globals';

import { samlErrorHints } from './saml-error-hints.rules';

const context = { origin: 'https://portal.example', samlProviderId: 'okta' };
const error = (code: string | null, description: string | null = null) => ({
  error: code,
  error_code: null,
  error_description: description,
  timestamp: '2026-01-01T00:00:00Z',
});

describe('SAML error hints', () => {
  it('names the ACS URL to set for a destination error', () => {
    const [hint] = samlErrorHints(error('saml_destination_mismatch'), context);
    expect(hint?.kind).toBe('acs');
    expect(hint?.text).toContain('https://portal.example/api/auth/saml/okta/acs');
  });

  it('reads the description only when the code says nothing', () => {
    expect(samlErrorHints(error('saml_failed', 'Invalid signature'), context).map((h) => h.kind)).toEqual([
      'signature',
    ]);
    expect(samlErrorHints(error('saml_audience', 'Invalid signature'), context).map((h) => h.kind)).toEqual([
      'audience',
    ]);
  });

  it('gives no hint for other errors', () => {
    expect(samlErrorHints(error('server_error', 'timeout'), context)).toEqual([]);
  });
});
