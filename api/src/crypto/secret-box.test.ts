import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import { decryptSecret, encryptSecret } from './secret-box.js';

const KEY = 'ab'.repeat(32);

describe('secret box', () => {
  it('round-trips any text and never stores it in the clear', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4 }), (secret) => {
        const sealed = encryptSecret(secret, KEY);
        expect(sealed).not.toContain(secret);
        expect(decryptSecret(sealed, KEY)).toBe(secret);
      }),
    );
  });

  it('refuses a tampered value or another key', () => {
    const sealed = encryptSecret('shared-secret', KEY);
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => decryptSecret(tampered, KEY)).toThrow();
    expect(() => decryptSecret(sealed, 'cd'.repeat(32))).toThrow();
  });
});
