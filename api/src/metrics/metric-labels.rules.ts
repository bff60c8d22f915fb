import { INBOUND_REQUEST_TYPES } from '../modules/fulfilment/cxml-inbound/inbound-document.types.js';

/**
 * Label values come from a fixed set, never from what a caller sent: every distinct value is a
 * series Prometheus keeps, and a path, an id or a supplier's text would grow them without bound
 * (and put identifiers in a monitoring system that should hold none).
 */

/** The route label of a request that matches no declared operation (SPA pages, files, unknown paths). */
export const UNMATCHED_ROUTE = 'unmatched';

export type SubmissionOutcomeLabel = 'accepted' | 'refused' | 'retryable';

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The request's method, or "other" for the rarer ones Node accepts (PROPFIND, PURGE …). */
export function methodLabel(method: string): string {
  return HTTP_METHODS.has(method) ? method : 'other';
}

const INBOUND_TYPES = new Set<string>(Object.keys(INBOUND_REQUEST_TYPES));

export type InboundOutcomeLabel = 'accepted' | 'refused' | 'deferred' | 'failed';

/**
 * An inbound document by the request type it named (one the portal accepts, "other", or "unknown"
 * when none could be read) and by its answer: accepted (applied, or already applied), deferred (the
 * supplier is asked to send it again later: 429, 503), refused (any other 4xx) or failed (5xx).
 */
export function inboundDocumentLabels(
  documentType: string | null,
  answerCode: number,
): { type: string; outcome: InboundOutcomeLabel } {
  const type = documentType === null ? 'unknown' : INBOUND_TYPES.has(documentType) ? documentType : 'other';
  return { type, outcome: inboundOutcome(answerCode) };
}

function inboundOutcome(code: number): InboundOutcomeLabel {
  if (code < 300) return 'accepted';
  if (code === 429 || code === 503) return 'deferred';
  return code < 500 ? 'refused' : 'failed';
}
