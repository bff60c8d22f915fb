import { randomBytes } from 'node:crypto';

import { SUPPLIER_ORDER_ID_LABEL } from './cxml-response.js';
import { CXML_LANG, CXML_VERSION, formatCxmlDate, serializeCxml } from './cxml-text.js';

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
  /** Answers a PunchOutSetupRequest: the shop's start page (a PunchOutSetupResponse after the Status). */
  punchOutStartPage?: string;
}

/** A cXML Response (a Status, and a ProfileResponse or PunchOutSetupResponse when asked), valid against the cXML DTD; built by the sandbox supplier. */
export function buildCxmlResponseXml(input: CxmlResponseInput): string {
  const parts = [input.message, input.supplierOrderId ? `${SUPPLIER_ORDER_ID_LABEL}=${input.supplierOrderId}` : null];
  const { profile } = input;
  return serializeCxml({
    '@_version': CXML_VERSION,
    '@_payloadID': input.payloadId ?? newPayloadId(input.timestamp, 'supplier.invalid'),
    '@_timestamp': formatCxmlDate(input.timestamp),
    '@_xml:lang': CXML_LANG,
    Response: {
      Status: {
        '@_code': String(input.statusCode),
        '@_text': input.statusText,
        '@_xml:lang': CXML_LANG,
        '#text': parts.filter(Boolean).join('; '),
      },
      ...(profile
        ? {
            ProfileResponse: {
              '@_effectiveDate': formatCxmlDate(profile.effectiveDate),
              Transaction: profile.transactions.map((transaction) => ({
                '@_requestName': transaction.requestName,
                URL: transaction.url,
              })),
            },
          }
        : {}),
      ...(input.punchOutStartPage ? { PunchOutSetupResponse: { StartPage: { URL: input.punchOutStartPage } } } : {}),
    },
  });
}

/** The customary cXML payloadID shape: <time>.<process>.<random>@<host>. */
export function newPayloadId(now: Date, host: string): string {
  return `${now.getTime()}.${process.pid}.${randomBytes(8).toString('hex')}@${host}`;
}
