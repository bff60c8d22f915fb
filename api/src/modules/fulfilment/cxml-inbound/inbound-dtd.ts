import { dtdProblem } from '../../supplier/cxml/cxml-dtd.js';
import { INBOUND_REQUEST_TYPES, refuse, type DtdRequestType } from './inbound-document.types.js';

/**
 * Validates an inbound document against the DTD its request type belongs to (Fulfill.dtd for
 * confirmations and ship notices, cXML.dtd for status updates). The text has already passed the
 * safe parser, which refuses internal subsets and entity declarations.
 */
export function assertValidAgainstDtd(xml: string, requestType: DtdRequestType): void {
  const problem = dtdProblem(xml, INBOUND_REQUEST_TYPES[requestType]);
  if (problem) throw refuse.badRequest(problem);
}
