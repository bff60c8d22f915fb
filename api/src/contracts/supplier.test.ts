import { describe, expect, it } from '@jest/globals';

import { selfTestHint, selfTestResultSchema, submissionResultSchema } from './supplier.js';

describe('selfTestHint', () => {
  const cases: [number | null, string | null][] = [
    [200, 'Success'],
    [201, 'Success'],
    [202, null],
    [204, null],
    [302, null],
    [400, null],
    [401, 'Authentication Issue'],
    [403, 'Authentication Issue'],
    [404, 'Wrong Endpoint'],
    [409, null],
    [499, null],
    [500, 'Server Error'],
    [502, 'Server Error'],
    [503, 'Server Error'],
    [599, 'Server Error'],
    [null, null],
  ];
  it.each(cases)('HTTP %p gives the hint %p', (httpStatus, hint) => {
    expect(selfTestHint(httpStatus)).toBe(hint);
  });
});

describe('the supplier contracts', () => {
  it('accept a submission result without a supplier order id and refuse an unknown stage', () => {
    const result = {
      ok: false,
      httpStatus: null,
      stage: 'address',
      error: 'MISSING_SHIP_TO',
      target: null,
      bodyPreview: null,
      addressSummary: null,
    };
    expect(submissionResultSchema.parse(result)).toEqual(result);
    expect(submissionResultSchema.safeParse({ ...result, stage: 'queued' }).success).toBe(false);
  });

  it('require every field of the self-test result', () => {
    const result = {
      success: true,
      httpStatus: 200,
      status: 200,
      testMode: true,
      targetUrl: 'https://punchout.example/cxml',
      error: null,
      diagnostics: { stage: 'done', request: 'ProfileRequest', latencyMs: 12, payloadId: 'p@x', cxmlStatusText: 'OK' },
      message: 'The supplier answered the ProfileRequest: 200 OK',
      responseHeaders: { 'content-type': 'text/xml' },
      responsePreview: '<cXML/>',
    };
    expect(selfTestResultSchema.parse(result)).toEqual(result);
    const { responseHeaders: _headers, ...withoutHeaders } = result;
    expect(selfTestResultSchema.safeParse(withoutHeaders).success).toBe(false);
  });
});
