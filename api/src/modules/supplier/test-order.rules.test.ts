import { describe, expect, it } from '@jest/globals';

import { withoutSecret } from './test-order.rules.js';

describe('a supplier’s answer to a test OrderRequest, as shown and kept', () => {
  const secret = `s3cr<e>t&"'`;

  it('holds the shared secret in no form an echo of the request could carry', () => {
    const echoed = [
      `<SharedSecret>${secret}</SharedSecret>`,
      `<SharedSecret>s3cr&lt;e&gt;t&amp;&quot;&apos;</SharedSecret>`,
      `Your request said s3cr&lt;e&gt;t&amp;"' and was refused`,
      `raw ${secret} again`,
    ].join('\n');
    const shown = withoutSecret(echoed, secret);
    expect(shown).not.toContain('s3cr');
    expect(shown).toContain('<SharedSecret>[redacted]</SharedSecret>');
    expect(shown).toContain('Your request said [redacted] and was refused');
  });

  it('leaves an answer without the secret as it is', () => {
    expect(withoutSecret('<Status code="200" text="OK"/>', secret)).toBe('<Status code="200" text="OK"/>');
  });
});
