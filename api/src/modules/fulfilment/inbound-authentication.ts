import { createHash, timingSafeEqual } from 'node:crypto';

import type { ServiceContext } from '../../context.js';
import { openPunchoutSecret } from '../supplier/punchout-secret.js';
import { THROTTLE_RULES, addressKey } from '../throttles/throttle-rules.js';
import { tooManyAttempts, type Throttles } from '../throttles/throttles.js';
import { scanSenderIdentity, type ScannedSender } from './cxml-inbound/inbound-header-scan.js';
import * as queries from './inbound.queries.js';

const RULE = 'cxmlInboundSource';

/**
 * The 429 text for a source that is paused, or null: asked before the body is read, so a paused
 * source costs one read of its counter and nothing more.
 */
export async function pausedSourceMessage(throttles: Throttles, sourceAddress: string | undefined, now: Date) {
  const state = await throttles.inspect(RULE, addressKey(sourceAddress));
  if (!state?.isBlocked) return null;
  return tooManyAttempts(THROTTLE_RULES[RULE], state.resetsAt.getTime() - now.getTime()).message;
}

const IDENTITY_KEPT_MS = 5000;
const expectedIdentities = new WeakMap<object, { identity: string | null; readAt: number }>();

/**
 * Whether a document's head names the supplier identity the portal expects (read at most every 5 s
 * per database, so a flood adds no reads). It orders the queue and nothing else: an identity is
 * not a secret.
 */
export async function namesExpectedSender(ctx: ServiceContext, head: string): Promise<boolean> {
  const named = scanSenderIdentity(head);
  if (!named) return false;
  const now = Date.now();
  let kept = expectedIdentities.get(ctx.db);
  if (!kept || now - kept.readAt > IDENTITY_KEPT_MS) {
    kept = { identity: (await queries.selectInboundCredentials(ctx.db))?.inbound_identity ?? null, readAt: now };
    expectedIdentities.set(ctx.db, kept);
  }
  return kept.identity !== null && named === kept.identity;
}

/**
 * Checks the Sender credential within the per-source limit. The attempt is taken before the secret
 * is compared (one atomic upsert) and given back when it was right, so parallel guesses from one
 * source get no more comparisons than the limit, and a supplier that never fails keeps its whole
 * allowance. Throws 429 TOO_MANY_ATTEMPTS when the source has none left.
 */
export async function isAuthenticSender(
  ctx: ServiceContext,
  throttles: Throttles,
  sourceAddress: string | undefined,
  sender: ScannedSender,
): Promise<boolean> {
  const sourceKey = addressKey(sourceAddress);
  await throttles.consume(RULE, sourceKey);
  const isRight = await isAuthentic(ctx, sender);
  if (isRight) await throttles.reward(RULE, sourceKey);
  return isRight;
}

/** Takes one attempt of the source for a document refused before its credential could be read. */
export async function countRefusedDocument(throttles: Throttles, sourceAddress: string | undefined): Promise<void> {
  await throttles.consume(RULE, addressKey(sourceAddress));
}

/** Constant-time comparison of digests, so neither the length nor the first difference leaks. */
async function isAuthentic(ctx: ServiceContext, { senderIdentity, sharedSecret }: ScannedSender): Promise<boolean> {
  const stored = await queries.selectInboundCredentials(ctx.db);
  if (
    !stored?.inbound_identity ||
    !stored.inbound_shared_secret_encrypted ||
    senderIdentity === null ||
    sharedSecret === null
  ) {
    return false;
  }
  const expectedSecret = openPunchoutSecret(stored.inbound_shared_secret_encrypted, ctx.config.settingsEncryptionKey);
  const isIdentityRight = sameText(senderIdentity, stored.inbound_identity);
  const isSecretRight = sameText(sharedSecret, expectedSecret);
  return isIdentityRight && isSecretRight;
}

function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const SHARED_SECRET = /(<SharedSecret\b[^>]*>)[\s\S]*?(<\/SharedSecret>)/g;

/** The document as the inbound log keeps it: every SharedSecret's text replaced. */
export function redactSecrets(raw: string): string {
  return raw.replace(SHARED_SECRET, '$1[redacted]$2');
}
