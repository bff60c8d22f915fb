import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';

import { validateWithXmllint } from '../../../test-support/xmllint.js';
import { readOrderRequest } from './cxml-order-request-reader.js';
import { buildCxmlResponseXml } from './cxml-response-builder.js';
import { buildOrderRequestXml } from './cxml-order-request.js';
import {
  SHARED_SECRET_PLACEHOLDER,
  buildProfileRequestXml,
  withSharedSecretRedacted,
  type CxmlRequestHeader,
} from './cxml-request-document.js';
import { CxmlBuildError, type CxmlOrderRequestInput } from './cxml.types.js';

/** Validates one document against the cXML DTD with xmllint (test-support/xmllint.ts). */
function validateAgainstDtd(xml: string): { isValid: boolean; errors: string } {
  return validateWithXmllint(xml, 'cXML.dtd');
}

/** What the builder promises to make of any text: XML-forbidden characters stripped, \r\n → \n, trimmed. */
function expectedText(value: string): string {
  const allowed = Array.from(value).filter((character) => {
    const code = character.codePointAt(0) ?? 0;
    const isLoneSurrogate = code >= 0xd800 && code <= 0xdfff;
    const isControl = code < 0x20 && ![0x9, 0xa, 0xd].includes(code);
    return !isLoneSurrogate && !isControl && code !== 0xfffe && code !== 0xffff;
  });
  return allowed.join('').replace(/\r\n?/g, '\n').trim();
}

const TRICKY = [
  '<',
  '>',
  '&',
  '&amp;',
  '&lt;script&gt;',
  '"',
  "'",
  ']]>',
  '<![CDATA[x]]>',
  '<!ENTITY x "y">',
  '&#x0;',
  '&#0;',
  '&#65;',
  '&nbsp;',
  '& x;',
  'Ωmega',
  '病院の手袋',
  'مستشفى',
  '🩺💉🧤',
  '\r\n',
  '\t',
  '\u0000',
  '\u0001',
  '\u000B',
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDFFF',
  '\u0085',
  '\u2028',
  ' ',
];

/** Any text: random code points anywhere in Unicode, printable graphemes and the tricky pieces above. */
const anyText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom(...TRICKY),
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** A street the builder keeps (it drops blank ones, and a ship-to needs one). */
const street = anyText.map((text) => `12 ${text}`);

const orderInput: fc.Arbitrary<CxmlOrderRequestInput> = fc.record({
  payloadId: anyText.map((text) => `1763700000000.42.${text}@supplyhub.test`),
  timestamp: fc.constant(new Date('2026-11-21T09:30:00Z')),
  deploymentMode: fc.constantFrom('test' as const, 'production' as const),
  fromIdentity: anyText,
  toIdentity: anyText,
  senderIdentity: anyText,
  sharedSecret: anyText,
  userAgent: fc.constant('Supply Hub 0.1.0'),
  orderId: anyText.map((text) => `SO-${text}`),
  orderDate: fc.constant(new Date('2026-11-20T15:00:00Z')),
  total: fc.constant('37.50'),
  currency: fc.constant('USD' as const),
  shipTo: fc.record({
    addressName: anyText,
    deliverTo: anyText,
    streets: fc.tuple(street, anyText).map(([first, second]) => [first, second]),
    city: anyText,
    state: anyText,
    postalCode: anyText,
    countryCode: fc.constantFrom('US', 'CA', 'DE', 'jp'),
    phone: fc.option(fc.constantFrom('(217) 555-0100', '+1 312 555 0199', 'ext. 12', ''), { nil: null }),
  }),
  billTo: fc.record({
    addressName: anyText,
    streets: fc.array(anyText, { maxLength: 2 }),
    city: fc.option(anyText, { nil: null }),
    state: fc.option(anyText, { nil: null }),
    postalCode: fc.option(anyText, { nil: null }),
    countryCode: fc.option(fc.constantFrom('US', 'GB'), { nil: null }),
  }),
  items: fc
    .array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 9999 }),
        supplierPartId: fc.stringMatching(/^B0[0-9A-Z]{8}$/),
        unitPrice: fc.integer({ min: 0, max: 99_999 }).map((cents) => (cents / 100).toFixed(2)),
        description: anyText,
        unitOfMeasure: fc.constant('EA' as const),
        unspsc: fc.constantFrom('42311500', '42132200', ''),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((items) => items.map((item, index) => ({ ...item, lineNumber: index + 1 }))),
});

function sampleInput(overrides: Partial<CxmlOrderRequestInput> = {}): CxmlOrderRequestInput {
  return {
    payloadId: '1763700000000.42.abc@supplyhub.test',
    timestamp: new Date('2026-11-21T09:30:00Z'),
    deploymentMode: 'test',
    fromIdentity: 'SUPPLYHUB',
    toIdentity: 'SANDBOX-SUPPLIER',
    senderIdentity: 'SUPPLYHUB',
    sharedSecret: 'Tr0ub4dor&<3-secret',
    userAgent: 'Supply Hub 0.1.0',
    orderId: 'SO-001234',
    orderDate: new Date('2026-11-20T15:00:00Z'),
    total: '25.00',
    currency: 'USD',
    shipTo: {
      addressName: 'Cardiology',
      deliverTo: 'Dana Whitfield',
      streets: ['1200 Lakeshore Dr', 'Suite 4'],
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      countryCode: 'US',
      phone: null,
    },
    billTo: {
      addressName: 'Lakeside Health',
      streets: [],
      city: null,
      state: null,
      postalCode: null,
      countryCode: null,
    },
    items: [
      {
        lineNumber: 1,
        quantity: 2,
        supplierPartId: 'B000TEST01',
        unitPrice: '12.50',
        description: 'Sterile gauze pads, 4x4 in',
        unitOfMeasure: 'EA',
        unspsc: '42311500',
      },
    ],
    ...overrides,
  };
}

describe('cXML OrderRequest', () => {
  it('is checked by xmllint, which is installed and refuses a document the DTD forbids', () => {
    expect(validateAgainstDtd(buildOrderRequestXml(sampleInput()))).toEqual({ isValid: true, errors: '' });
    const withoutBillTo = buildOrderRequestXml(sampleInput()).replace(/<BillTo>[\s\S]*<\/BillTo>/, '');
    expect(validateAgainstDtd(withoutBillTo).isValid).toBe(false);
  });

  it('is valid against the cXML 1.2.063 DTD for any titles, names and addresses', () => {
    fc.assert(
      fc.property(orderInput, (input) => {
        const xml = buildOrderRequestXml(input);
        const { isValid, errors } = validateAgainstDtd(xml);
        if (!isValid) throw new Error(`invalid against the DTD:\n${errors}\n${xml}`);
      }),
      { numRuns: 30 },
    );
  });

  it('gives back every title, name and street when read again, cleaned of what XML forbids', () => {
    fc.assert(
      fc.property(orderInput, (input) => {
        const read = readOrderRequest(buildOrderRequestXml(input));
        // An attribute: tabs and line breaks are written as spaces, as any XML parser would read them.
        expect(read.orderId).toBe(expectedText(input.orderId).replace(/[\t\n]/g, ' '));
        expect(read.shipTo?.addressName).toBe(expectedText(input.shipTo.addressName));
        expect(read.shipTo?.deliverTo).toEqual([expectedText(input.shipTo.deliverTo)]);
        expect(read.shipTo?.streets).toEqual(input.shipTo.streets.map(expectedText).filter(Boolean));
        expect(read.shipTo?.city).toBe(expectedText(input.shipTo.city));
        expect(read.billTo?.addressName).toBe(expectedText(input.billTo.addressName));
        expect(read.sharedSecret).toBe(expectedText(input.sharedSecret));
        expect(read.items.map((item) => item.description)).toEqual(
          input.items.map((item) => expectedText(item.description)),
        );
        expect(read.items.map((item) => item.quantity)).toEqual(input.items.map((item) => item.quantity));
      }),
      { numRuns: 60 },
    );
  });

  it('carries deploymentMode="test" in test mode and leaves the production default otherwise', () => {
    const test = buildOrderRequestXml(sampleInput({ deploymentMode: 'test' }));
    const production = buildOrderRequestXml(sampleInput({ deploymentMode: 'production' }));
    expect(test).toContain('<Request deploymentMode="test">');
    expect(readOrderRequest(test).deploymentMode).toBe('test');
    expect(production).toContain('<Request>');
    expect(production).not.toContain('deploymentMode');
    expect(readOrderRequest(production).deploymentMode).toBe('production');
  });

  it('writes the header, ship-to, bill-to and items where a supplier looks for them', () => {
    const read = readOrderRequest(
      buildOrderRequestXml(
        sampleInput({
          billTo: {
            addressName: 'Lakeside Health',
            streets: ['9 Payment Way'],
            city: 'Springfield',
            state: 'IL',
            postalCode: '62701',
            countryCode: 'US',
          },
        }),
      ),
    );
    expect(read).toMatchObject({
      payloadId: '1763700000000.42.abc@supplyhub.test',
      timestamp: '2026-11-21T09:30:00+00:00',
      fromIdentity: 'SUPPLYHUB',
      toIdentity: 'SANDBOX-SUPPLIER',
      senderIdentity: 'SUPPLYHUB',
      orderId: 'SO-001234',
      orderDate: '2026-11-20T15:00:00+00:00',
      total: '25.00',
      currency: 'USD',
      shipTo: { deliverTo: ['Dana Whitfield'], streets: ['1200 Lakeshore Dr', 'Suite 4'], countryCode: 'US' },
      billTo: { addressName: 'Lakeside Health', streets: ['9 Payment Way'], city: 'Springfield' },
      items: [{ lineNumber: 1, quantity: 2, supplierPartId: 'B000TEST01', unitPrice: '12.50', unitOfMeasure: 'EA' }],
    });
  });

  it('refuses input it cannot turn into a valid order', () => {
    expect(() => buildOrderRequestXml(sampleInput({ items: [] }))).toThrow(CxmlBuildError);
    expect(() => buildOrderRequestXml(sampleInput({ total: '25' }))).toThrow(CxmlBuildError);
    expect(() => buildOrderRequestXml(sampleInput({ orderId: ' \u0001 ' }))).toThrow(CxmlBuildError);
    const noStreet = sampleInput();
    noStreet.shipTo.streets = ['  '];
    expect(() => buildOrderRequestXml(noStreet)).toThrow(/shipTo has no street/);
  });
});

describe('the logged copy of a request (withSharedSecretRedacted)', () => {
  it('differs from the request sent only in the shared secret, and stays valid against the DTD', () => {
    const sent = buildOrderRequestXml(sampleInput());
    expect(sent).toContain('<SharedSecret>Tr0ub4dor&amp;&lt;3-secret</SharedSecret>');
    const logged = buildOrderRequestXml(withSharedSecretRedacted(sampleInput()));
    expect(logged).not.toContain('Tr0ub4dor');
    expect(logged).toBe(
      sent.replace('Tr0ub4dor&amp;&lt;3-secret</SharedSecret>', `${SHARED_SECRET_PLACEHOLDER}</SharedSecret>`),
    );
    expect(readOrderRequest(logged)).toMatchObject({ orderId: 'SO-001234', sharedSecret: SHARED_SECRET_PLACEHOLDER });
    expect(validateAgainstDtd(logged)).toEqual({ isValid: true, errors: '' });
  });

  it('never contains the secret, whatever it is', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const secret = `S3cr3t-${text}-end`;
        const logged = buildOrderRequestXml(withSharedSecretRedacted(sampleInput({ sharedSecret: secret })));
        expect(readOrderRequest(logged).sharedSecret).toBe(SHARED_SECRET_PLACEHOLDER);
        expect(logged).not.toContain('S3cr3t-');
      }),
      { numRuns: 50 },
    );
  });
});

describe('cXML Response built by the sandbox supplier', () => {
  it('is valid against the DTD for any status message', () => {
    fc.assert(
      fc.property(fc.constantFrom(200, 400, 401, 500), anyText, anyText, (statusCode, statusText, message) => {
        const xml = buildCxmlResponseXml({
          statusCode,
          statusText,
          message,
          supplierOrderId: 'SBX-0A1B2C3D',
          timestamp: new Date('2026-11-21T09:30:00Z'),
        });
        const { isValid, errors } = validateAgainstDtd(xml);
        if (!isValid) throw new Error(`invalid against the DTD:\n${errors}\n${xml}`);
      }),
      { numRuns: 20 },
    );
  });
});

describe('cXML ProfileRequest of the integration self-test, and the sandbox ProfileResponse', () => {
  it('are valid against the DTD for any identities and secrets', () => {
    fc.assert(
      fc.property(anyText, anyText, fc.constantFrom('test' as const, 'production' as const), (name, secret, mode) => {
        const header: CxmlRequestHeader = {
          payloadId: `1763700000000.42.${name}@supplyhub.test`,
          timestamp: new Date('2026-11-21T09:30:00Z'),
          deploymentMode: mode,
          fromIdentity: name,
          toIdentity: 'Amazon',
          senderIdentity: name,
          sharedSecret: secret,
          userAgent: 'Supply Hub self-test',
        };
        const request = buildProfileRequestXml(header);
        const response = buildCxmlResponseXml({
          statusCode: 200,
          statusText: 'OK',
          message: name,
          timestamp: new Date('2026-11-21T09:30:00Z'),
          profile: {
            effectiveDate: new Date('2026-01-01T00:00:00Z'),
            transactions: [{ requestName: 'OrderRequest', url: `http://127.0.0.1:3000/sandbox?x=${name}` }],
          },
        });
        for (const xml of [request, buildProfileRequestXml(withSharedSecretRedacted(header)), response]) {
          const { isValid, errors } = validateAgainstDtd(xml);
          if (!isValid) throw new Error(`invalid against the DTD:\n${errors}\n${xml}`);
        }
        expect(readOrderRequest(request)).toMatchObject({
          requestName: 'ProfileRequest',
          sharedSecret: expectedText(secret),
        });
      }),
      { numRuns: 15 },
    );
  });
});
