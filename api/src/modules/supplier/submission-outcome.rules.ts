import type { CxmlResponse } from './cxml/cxml.types.js';

export type SubmissionOutcome =
  | { kind: 'accepted'; supplierOrderId: string | null; message: string }
  /** The supplier refused the order (cXML 4xx): failed, not retried by itself. */
  | { kind: 'refused'; message: string }
  /** Worth another attempt with the same payloadID: 5xx, timeouts, resets, unreadable answers. */
  | { kind: 'retryable'; message: string };

/**
 * cXML status 2xx is success even when HTTP says otherwise; 4xx is a
 * refusal; 5xx, timeouts, resets and answers that are not cXML are retryable.
 */
export function classifySubmission(input: {
  httpStatus: number | null;
  cxml: CxmlResponse | null;
  transportError: string | null;
}): SubmissionOutcome {
  if (input.transportError) return { kind: 'retryable', message: input.transportError };
  const { cxml } = input;
  if (cxml) {
    const text = cxml.message ? `${cxml.statusText}: ${cxml.message}` : cxml.statusText;
    if (cxml.statusCode >= 200 && cxml.statusCode < 300) {
      return { kind: 'accepted', supplierOrderId: cxml.supplierOrderId, message: text || 'OK' };
    }
    if (cxml.statusCode >= 400 && cxml.statusCode < 500)
      return { kind: 'refused', message: `cXML ${cxml.statusCode} ${text}`.trim() };
    return { kind: 'retryable', message: `cXML ${cxml.statusCode} ${text}`.trim() };
  }
  if (input.httpStatus !== null && input.httpStatus >= 300 && input.httpStatus < 400) {
    return {
      kind: 'refused',
      message: `HTTP ${input.httpStatus}: the supplier redirected; redirects are not followed`,
    };
  }
  return { kind: 'retryable', message: `HTTP ${input.httpStatus ?? 'ERROR'}: the answer was not a cXML response` };
}

/** 'Submission Failed: HTTP {status or ERROR} - {error or Unknown error}' (admin-portal §8). */
export function submissionFailedText(httpStatus: number | null, error: string | null): string {
  return `Submission Failed: HTTP ${httpStatus ?? 'ERROR'} - ${error || 'Unknown error'}`;
}

/** First 500 characters of an answer, for the submission result box. */
export function bodyPreview(body: string | null): string | null {
  if (!body) return null;
  return body.length > 500 ? `${body.slice(0, 500)}…` : body;
}
