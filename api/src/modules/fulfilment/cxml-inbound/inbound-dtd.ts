import { readFileSync } from 'node:fs';
import path from 'node:path';

import { DtdValidator, XmlDocument, XmlDtd } from 'libxml2-wasm';

import { REPO_ROOT } from '../../../config.js';
import { INBOUND_REQUEST_TYPES, refuse, type DtdRequestType } from './inbound-document.types.js';

const DTD_FOLDER = path.join(REPO_ROOT, 'api', 'src', 'modules', 'supplier', 'cxml', 'dtd');
const validators = new Map<string, DtdValidator>();

/** The DTD is read from our own copy, never fetched: the document's DOCTYPE URL is not followed. */
function validatorFor(dtdName: string): DtdValidator {
  let validator = validators.get(dtdName);
  if (!validator) {
    const dtd = XmlDtd.fromBuffer(readFileSync(path.join(DTD_FOLDER, dtdName)));
    validator = new DtdValidator(dtd);
    validators.set(dtdName, validator);
  }
  return validator;
}

/**
 * Validates an inbound document against the DTD its request type belongs to (Fulfill.dtd for
 * confirmations and ship notices, cXML.dtd for status updates). The text has already passed the
 * safe parser, which refuses internal subsets and entity declarations.
 */
export function assertValidAgainstDtd(xml: string, requestType: DtdRequestType): void {
  const dtdName = INBOUND_REQUEST_TYPES[requestType];
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml);
  } catch (error) {
    throw refuse.badRequest(`The document is not well-formed XML: ${firstLine(error)}`);
  }
  try {
    validatorFor(dtdName).validate(document);
  } catch (error) {
    throw refuse.badRequest(`The document is not valid against ${dtdName}: ${firstLine(error)}`);
  } finally {
    document.dispose();
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n').find((line) => line.trim() !== '') ?? 'no detail').trim().slice(0, 300);
}
