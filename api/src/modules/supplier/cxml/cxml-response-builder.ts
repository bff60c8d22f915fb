import { randomBytes } from 'node:crypto';

import { create } from 'xmlbuilder2';

import { SUPPLIER_ORDER_ID_LABEL } from './cxml-response.js';
import { CXML_DTD_URL, CXML_LANG, CXML_VERSION, formatCxmlDate, xmlValue } from './cxml-text.js';

export interface CxmlResponseInput {
  statusCode: number;
  statusText: string;
  message?: string | null;
  /** Carried in the Status text as `supplierOrderID=…` (see cxml-response.ts). */
  supplierOrderId?: string | null;
  timestamp: Date;
  /** Defaults to a fresh unique id. */
  payloadId?: string;
  /** Answers a ProfileRequest: the requests accepted, each at its URL (a ProfileResponse after the Status). */
  profile?: { effectiveDate: Date; transactions: { requestName: string; url: string }[] };
}

/** A cXML Response (a Status, and a ProfileResponse when asked), valid against the cXML DTD; built by the sandbox supplier. */
export function buildCxmlResponseXml(input: CxmlResponseInput): string {
  const parts = [input.message, input.supplierOrderId ? `${SUPPLIER_ORDER_ID_LABEL}=${input.supplierOrderId}` : null];
  const response = create({ version: '1.0', encoding: 'UTF-8' })
    .dtd({ name: 'cXML', sysID: CXML_DTD_URL })
    .ele('cXML', {
      version: CXML_VERSION,
      payloadID: xmlValue(input.payloadId ?? newPayloadId(input.timestamp, 'supplier.invalid')),
      timestamp: formatCxmlDate(input.timestamp),
      'xml:lang': CXML_LANG,
    })
    .ele('Response');
  response
    .ele('Status', { code: String(input.statusCode), text: xmlValue(input.statusText), 'xml:lang': CXML_LANG })
    .txt(xmlValue(parts.filter(Boolean).join('; ')));
  if (input.profile) {
    const profile = response.ele('ProfileResponse', { effectiveDate: formatCxmlDate(input.profile.effectiveDate) });
    for (const transaction of input.profile.transactions) {
      profile.ele('Transaction', { requestName: transaction.requestName }).ele('URL').txt(xmlValue(transaction.url));
    }
  }
  return response.doc().end({ prettyPrint: true });
}

/** The customary cXML payloadID shape: <time>.<process>.<random>@<host>. */
export function newPayloadId(now: Date, host: string): string {
  return `${now.getTime()}.${process.pid}.${randomBytes(8).toString('hex')}@${host}`;
}
