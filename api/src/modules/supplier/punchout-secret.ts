import { decryptSecret } from '../../crypto/secret-box.js';

/**
 * The punchout shared secret, decrypted once per sealed value. The cache is keyed by the sealed
 * text itself (and the key), which every caller has just read from punchout_settings in the same
 * statement as its other data: a saved change — from the API, the CLI or another instance — is a
 * new sealed text (a fresh IV each time), so a stale secret can never be served. There is nothing
 * to invalidate; the few entries kept only bound the memory.
 */
const MAX_ENTRIES = 4;
const cache = new Map<string, string>();

export function openPunchoutSecret(sealed: string, keyHex: string): string {
  const cacheKey = `${keyHex}\u0000${sealed}`;
  const known = cache.get(cacheKey);
  if (known !== undefined) return known;
  const plain = decryptSecret(sealed, keyHex);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, plain);
  return plain;
}
