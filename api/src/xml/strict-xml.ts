import { DOMParser } from '@xmldom/xmldom';

/**
 * A document, or undefined for anything the parser complains about. xmldom 0.8 reports some
 * malformations (an unclosed element) as mere warnings, so all of them count. It never loads
 * external entities; callers refuse a document type declaration before they get here.
 */
export function parseStrictXml(xml: string): Document | undefined {
  let isBroken = false;
  const fail = () => {
    isBroken = true;
  };
  const doc = new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(
    xml,
    'text/xml',
  ) as unknown as Document;
  return isBroken || !doc?.documentElement ? undefined : doc;
}
