import { attributeOf, childElement, parseCxmlDocument, textOf } from './cxml-safe-parser.js';
import { CxmlParseError, type CxmlResponse, type SupplierAnswer } from './cxml.types.js';

/**
 * Where the supplier's order id travels. cXML 1.2.063 gives an OrderRequest's Response no element
 * for it (Response holds only Status and a few unrelated responses; a real supplier confirms later
 * with a ConfirmationRequest). So, staying DTD-valid, it is carried in the Status text content:
 *   <Status code="200" text="OK">Accepted; supplierOrderID=SBX-1A2B3C4D</Status>
 */
export const SUPPLIER_ORDER_ID_LABEL = 'supplierOrderID';
const SUPPLIER_ORDER_ID = new RegExp(`(?:^|[\\s;,])${SUPPLIER_ORDER_ID_LABEL}=([A-Za-z0-9._:/-]{1,100})`);

/**
 * Reads a supplier's cXML Response with the safe parser (no entity expansion, no DOCTYPE internal
 * subset). Throws CxmlParseError when the body is not a cXML Response with a numeric Status code.
 */
export function parseCxmlResponse(xml: string): CxmlResponse {
  const root = parseCxmlDocument(xml);
  const response = childElement(root, 'Response');
  if (!response) throw new CxmlParseError('the cXML document is not a Response');
  const status = childElement(response, 'Status');
  if (!status) throw new CxmlParseError('the cXML Response has no Status');
  const code = attributeOf(status, 'code') ?? '';
  if (!/^\d{3}$/.test(code)) throw new CxmlParseError('the cXML Status code is not a 3-digit number');
  const message = textOf(status) || null;
  return {
    statusCode: Number(code),
    statusText: attributeOf(status, 'text') ?? '',
    message,
    payloadId: attributeOf(root, 'payloadID'),
    supplierOrderId: message ? (SUPPLIER_ORDER_ID.exec(message)?.[1] ?? null) : null,
  };
}

/** The supplier's answer as a cXML Response, or null when it is not one (its HTTP status then tells). */
export function readCxmlResponse(body: string): CxmlResponse | null {
  try {
    return parseCxmlResponse(body);
  } catch (error) {
    if (!(error instanceof CxmlParseError)) throw error;
    return null;
  }
}

/** What a supplier's HTTP answer means for the order; see SupplierAnswer. */
export function classifySupplierAnswer(httpStatus: number, body: string): SupplierAnswer {
  let response: CxmlResponse;
  try {
    response = parseCxmlResponse(body);
  } catch (error) {
    if (!(error instanceof CxmlParseError)) throw error;
    return { outcome: 'failed', httpStatus, response: null, error: `HTTP ${httpStatus}: ${error.message}` };
  }
  if (response.statusCode >= 200 && response.statusCode < 300) return { outcome: 'accepted', httpStatus, response };
  if (response.statusCode >= 400 && response.statusCode < 500) return { outcome: 'rejected', httpStatus, response };
  return {
    outcome: 'failed',
    httpStatus,
    response,
    error: `cXML ${response.statusCode} ${response.statusText}`.trim(),
  };
}
