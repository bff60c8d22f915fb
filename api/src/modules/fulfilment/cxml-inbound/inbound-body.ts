import { HEADER_SCAN_BYTES } from './inbound-header-scan.js';

/**
 * A document's body as the inbound service reads it: its head first, enough for the Sender
 * credential, and the whole only once the sender is known. Over HTTP the rest is still in the
 * socket when the head is checked (inbound-request-body.ts), so a stranger's megabyte is never read.
 * Either may throw an InboundRefusal (too large, not UTF-8, not readable).
 */
export interface InboundBody {
  /** The text up to the end of the Sender element, or its first 64 KB, or all of it when shorter. */
  head(): Promise<string>;
  whole(): Promise<string>;
}

/** A body already in memory (the operators' CLI replaying a file). */
export function textBody(text: string): InboundBody {
  return { head: async () => text.slice(0, HEADER_SCAN_BYTES), whole: async () => text };
}
