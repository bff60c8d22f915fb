import type { SandboxFailure } from '../../contracts/sandbox-supplier.js';

/**
 * How the sandbox supplier fails on demand (decisions.md: "can be told to fail"), by either
 * - a one-shot mode set with POST /sandbox/supplier/control {failNext}, used by the next order
 *   that passes the credential and structure checks (or the next ProfileRequest of the
 *   integration self-test that passes the credential check; it never stores anything), or
 * - a magic quantity on any ItemOut (the first one in document order wins):
 *
 *   9001 http500    HTTP 500 with cXML 500 Internal Server Error; nothing stored
 *   9002 cxml400    HTTP 200 with cXML 400 Bad Request; nothing stored
 *   9003 slow       stored, then answered 200 after 35 s (longer than the client's 30 s timeout)
 *   9004 drop       stored, then the connection is destroyed without an answer
 *   9005 malformed  HTTP 200 with a truncated, malformed XML body; nothing stored
 *   9006 html       HTTP 502 with an HTML error page; nothing stored
 *
 * 'slow' and 'drop' are the supplier that accepted the order but whose answer was lost: a resend
 * of the same payloadID is answered at once with the same supplier order id.
 */
export { SANDBOX_FAILURES, type SandboxFailure } from '../../contracts/sandbox-supplier.js';

export const FAILURE_BY_QUANTITY: ReadonlyMap<number, SandboxFailure> = new Map([
  [9001, 'http500'],
  [9002, 'cxml400'],
  [9003, 'slow'],
  [9004, 'drop'],
  [9005, 'malformed'],
  [9006, 'html'],
]);

/** Longer than the submission client's 30 s total timeout. */
export const SLOW_ANSWER_MS = 35_000;

export function failureForQuantities(quantities: readonly (number | null)[]): SandboxFailure | null {
  for (const quantity of quantities) {
    const failure = quantity === null ? undefined : FAILURE_BY_QUANTITY.get(quantity);
    if (failure) return failure;
  }
  return null;
}

/** Whether the failure still records the order (the supplier accepted it; only the answer is lost). */
export function isAcceptedDespiteFailure(failure: SandboxFailure | null): boolean {
  return failure === null || failure === 'slow' || failure === 'drop';
}
