import { parseCxmlDocument, pathElement } from '../../supplier/cxml/cxml-safe-parser.js';
import { CxmlParseError } from '../../supplier/cxml/cxml.types.js';
import { readEnvelope, readInboundDocument } from './inbound-document.reader.js';
import {
  INBOUND_REQUEST_TYPES,
  InboundRefusal,
  refuse,
  type DtdRequestType,
  type InboundDocumentRead,
  type InboundEnvelope,
} from './inbound-document.types.js';
import { assertValidAgainstDtd } from './inbound-dtd.js';
import { readInvoiceDetail } from './invoice-document.reader.js';
import { assertInvoiceStructure } from './invoice-structure.js';

/**
 * The most elements an inbound document may hold. The largest real documents (a confirmation or
 * ship notice of a 200-line order) hold a few thousand; a 1 MB body could hold 60 000, and
 * parsing those is what a flood would buy.
 */
export const MAX_INBOUND_ELEMENTS = 10_000;

/** What reading a document gives: the document, or the answer that refuses it. Plain data, so it crosses threads. */
export type InboundReading =
  | { isRead: true; envelope: InboundEnvelope; document: InboundDocumentRead }
  | { isRead: false; envelope: InboundEnvelope | null; refusal: { code: number; text: string; message: string } };

/**
 * Reads a whole inbound document: element count, safe parse, envelope, the DTD of its request type
 * (or the invoice's strict structure) and the portal's reading of it. Pure and synchronous: it runs
 * in a worker thread (inbound-reading.worker.ts), so a large document never holds up the server.
 */
export function readInboundText(raw: string): InboundReading {
  let envelope: InboundEnvelope | null = null;
  try {
    assertElementCount(raw);
    const root = parseDocument(raw);
    envelope = readEnvelope(root);
    const requestType = envelope.requestType;
    if (!requestType || !(requestType in INBOUND_REQUEST_TYPES)) {
      throw new InboundRefusal(
        406,
        'Not Acceptable',
        `${requestType ?? 'This request'} is not accepted here: send ConfirmationRequest, ShipNoticeRequest, StatusUpdateRequest or InvoiceDetailRequest`,
      );
    }
    if (!envelope.payloadId) throw refuse.badRequest('The cXML element has no payloadID');
    if (requestType === 'InvoiceDetailRequest') {
      const request = pathElement(root, 'Request', requestType);
      assertInvoiceStructure(request);
      return { isRead: true, envelope, document: readInvoiceDetail(request) };
    }
    assertValidAgainstDtd(raw, requestType as DtdRequestType);
    return { isRead: true, envelope, document: readInboundDocument(root, requestType) };
  } catch (error) {
    if (!(error instanceof InboundRefusal)) throw error;
    return { isRead: false, envelope, refusal: { code: error.code, text: error.text, message: error.message } };
  }
}

function parseDocument(raw: string) {
  try {
    return parseCxmlDocument(raw);
  } catch (error) {
    if (error instanceof CxmlParseError) throw refuse.badRequest(`Not a readable cXML document: ${error.message}`);
    throw error;
  }
}

/** Counts start tags ('<' not followed by '/', '!' or '?') without parsing; stops at the cap. */
function assertElementCount(raw: string): void {
  let count = 0;
  for (let at = raw.indexOf('<'); at !== -1; at = raw.indexOf('<', at + 1)) {
    const next = raw.charCodeAt(at + 1);
    if (next === 0x2f || next === 0x21 || next === 0x3f) continue;
    count += 1;
    if (count > MAX_INBOUND_ELEMENTS) {
      throw refuse.badRequest(
        `A cXML document holds at most ${MAX_INBOUND_ELEMENTS.toLocaleString('en-US')} elements; this one holds more`,
      );
    }
  }
}
