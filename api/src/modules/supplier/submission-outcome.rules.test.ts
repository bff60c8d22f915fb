import { describe, expect, it } from '@jest/globals';

import { classifySubmission, submissionFailedText } from './submission-outcome.rules.js';

const cxml = (statusCode: number, supplierOrderId: string | null = null) => ({
  statusCode,
  statusText: statusCode === 200 ? 'OK' : 'Error',
  message: null,
  payloadId: 'p',
  supplierOrderId,
});

describe('classifySubmission', () => {
  it('takes a cXML 2xx as accepted even when HTTP says otherwise', () => {
    expect(classifySubmission({ httpStatus: 500, cxml: cxml(200, 'SBX-1'), transportError: null })).toEqual({
      kind: 'accepted',
      supplierOrderId: 'SBX-1',
      message: 'OK',
    });
  });

  it('refuses on cXML 4xx and retries on cXML 5xx, transport errors and non-cXML answers', () => {
    expect(classifySubmission({ httpStatus: 200, cxml: cxml(400), transportError: null }).kind).toBe('refused');
    expect(classifySubmission({ httpStatus: 200, cxml: cxml(500), transportError: null }).kind).toBe('retryable');
    expect(classifySubmission({ httpStatus: null, cxml: null, transportError: 'No answer within 30 s' }).kind).toBe(
      'retryable',
    );
    expect(classifySubmission({ httpStatus: 502, cxml: null, transportError: null }).kind).toBe('retryable');
    expect(classifySubmission({ httpStatus: 302, cxml: null, transportError: null }).kind).toBe('refused');
  });

  it('words a failure as the spec does', () => {
    expect(submissionFailedText(null, null)).toBe('Submission Failed: HTTP ERROR - Unknown error');
    expect(submissionFailedText(500, 'cXML 500 Internal')).toBe('Submission Failed: HTTP 500 - cXML 500 Internal');
  });
});
