/** The part of gs1-barcode-parser-mod (plain JavaScript, no types) that the scan rules use. */
declare module 'gs1-barcode-parser-mod' {
  interface ParsedElement {
    ai: string;
    dataTitle: string;
    data: unknown;
    raw: string;
  }
  /** Throws a string naming the problem when the code is not a GS1 element string it can read. */
  export function parseBarcode(code: string): { codeName: string; parsedCodeItems: ParsedElement[] };
  const parser: { parseBarcode: typeof parseBarcode };
  export default parser;
}
