import { describe, expect, it } from '@jest/globals';

import { validateWithXmllint } from '../../../test-support/xmllint.js';
import { buildCxmlResponseXml } from './cxml-response-builder.js';
import {
  buildPunchOutOrderMessageXml,
  buildPunchOutSetupRequestXml,
  readPunchOutOrderMessage,
  readPunchOutSetupRequest,
  readPunchOutSetupResponse,
} from './cxml-punchout.js';

const header = {
  payloadId: '1.2.3@supplyhub',
  timestamp: new Date('2026-11-27T10:00:00Z'),
  deploymentMode: 'test' as const,
  fromIdentity: 'SUPPLYHUB',
  toIdentity: 'Amazon',
  senderIdentity: 'SUPPLYHUB',
  sharedSecret: 's3cret',
  userAgent: 'Supply Hub',
};

function expectDtdValid(xml: string) {
  const result = validateWithXmllint(xml, 'cXML.dtd');
  expect(result.errors).toBe('');
  expect(result.isValid).toBe(true);
}

describe('PunchOut documents (cXML.dtd)', () => {
  it('PunchOutSetupRequest: operation create, BuyerCookie, Extrinsics, BrowserFormPost — valid and read back', () => {
    const xml = buildPunchOutSetupRequestXml(header, {
      buyerCookie: 'cookie-<&>-1',
      browserFormPostUrl: 'https://hub.example/api/cxml/punchout/return',
      supplierSetupUrl: 'https://supplier.example/punchout',
      userEmail: 'nurse@ward.example',
      userName: 'Ana Ward',
      department: 'ICU & Cardiology',
    });
    expectDtdValid(xml);
    expect(readPunchOutSetupRequest(xml)).toEqual({
      operation: 'create',
      buyerCookie: 'cookie-<&>-1',
      browserFormPostUrl: 'https://hub.example/api/cxml/punchout/return',
      userEmail: 'nurse@ward.example',
      department: 'ICU & Cardiology',
    });
  });

  it('PunchOutSetupResponse: the StartPage with a 200, none with a refusal', () => {
    const ok = buildCxmlResponseXml({
      statusCode: 200,
      statusText: 'OK',
      punchOutStartPage: 'https://s.example/shop/1',
      timestamp: header.timestamp,
    });
    expectDtdValid(ok);
    expect(readPunchOutSetupResponse(ok)).toMatchObject({ statusCode: 200, startPage: 'https://s.example/shop/1' });
    const refused = buildCxmlResponseXml({
      statusCode: 401,
      statusText: 'Unauthorized',
      timestamp: header.timestamp,
    });
    expectDtdValid(refused);
    expect(readPunchOutSetupResponse(refused)).toMatchObject({ statusCode: 401, startPage: null });
  });

  it('PunchOutOrderMessage: valid, with and without lines, read back value for value', () => {
    const input = {
      timestamp: header.timestamp,
      fromIdentity: 'Amazon',
      toIdentity: 'SUPPLYHUB',
      buyerCookie: 'abc',
      total: '17.20',
      currency: 'USD',
      items: [
        {
          quantity: 2,
          supplierPartId: 'P-1',
          supplierPartAuxiliaryId: 'quote 7',
          unitPrice: '8.60',
          description: 'Gloves "M" <box>',
          unitOfMeasure: 'BX',
          unspsc: '42132203',
          manufacturerName: 'Acme',
        },
      ],
    };
    const xml = buildPunchOutOrderMessageXml(input);
    expectDtdValid(xml);
    expectDtdValid(buildPunchOutOrderMessageXml({ ...input, items: [], total: '0.00' }));
    expect(readPunchOutOrderMessage(xml)).toEqual({
      fromIdentity: 'Amazon',
      senderIdentity: 'Amazon',
      buyerCookie: 'abc',
      operationAllowed: 'create',
      total: '17.20',
      currency: 'USD',
      items: [
        {
          quantity: '2',
          supplierPartId: 'P-1',
          supplierPartAuxiliaryId: 'quote 7',
          unitPrice: '8.60',
          currency: 'USD',
          description: 'Gloves "M" <box>',
          unitOfMeasure: 'BX',
          unspsc: '42132203',
          manufacturerName: 'Acme',
        },
      ],
    });
  });
});
