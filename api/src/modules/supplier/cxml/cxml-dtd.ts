import { readFileSync } from 'node:fs';
import path from 'node:path';

import { DtdValidator, XmlDocument, XmlDtd } from 'libxml2-wasm';

import { REPO_ROOT } from '../../../config.js';

/** The DTDs vendored beside this file (dtd/README.md). */
export type VendoredDtd = 'cXML.dtd' | 'Fulfill.dtd';

const DTD_FOLDER = path.join(REPO_ROOT, 'api', 'src', 'modules', 'supplier', 'cxml', 'dtd');
const validators = new Map<VendoredDtd, DtdValidator>();

/** The DTD is read from our own copy, never fetched: the document's DOCTYPE URL is not followed. */
function validatorFor(dtdName: VendoredDtd): DtdValidator {
  let validator = validators.get(dtdName);
  if (!validator) {
    validator = new DtdValidator(XmlDtd.fromBuffer(readFileSync(path.join(DTD_FOLDER, dtdName))));
    validators.set(dtdName, validator);
  }
  return validator;
}

/**
 * What is wrong with a document against a vendored DTD (libxml2), or null when it is valid. Call it
 * only on text the safe parser accepted (cxml-safe-parser.ts), which refuses internal subsets and
 * entity declarations: libxml2 then has nothing to expand or fetch.
 */
export function dtdProblem(xml: string, dtdName: VendoredDtd): string | null {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(xml);
  } catch (error) {
    return `The document is not well-formed XML: ${firstLine(error)}`;
  }
  try {
    validatorFor(dtdName).validate(document);
    return null;
  } catch (error) {
    return `The document is not valid against ${dtdName}: ${firstLine(error)}`;
  } finally {
    document.dispose();
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n').find((line) => line.trim() !== '') ?? 'no detail').trim().slice(0, 300);
}
