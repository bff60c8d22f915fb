/** What every cXML document of ours shares: the version, its DTD and how values are written. */
export const CXML_VERSION = '1.2.063';
export const CXML_DTD_URL = `http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd`;
export const CXML_LANG = 'en-US';

/**
 * Characters XML 1.0 forbids anywhere in a document: C0 controls other than tab, line feed and
 * carriage return, lone surrogates, U+FFFE and U+FFFF. A builder strips them (no escape exists for
 * them); a parser refuses a document that contains them.
 */
export const XML_FORBIDDEN_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function isXmlCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/**
 * A value as it goes into a document: forbidden characters stripped, line ends normalised to \n
 * (as every XML parser would do anyway) and surrounding whitespace trimmed.
 */
export function cleanXmlText(value: string): string {
  return value.replace(XML_FORBIDDEN_CHARACTERS, '').replace(/\r\n?/g, '\n').trim();
}

/** cXML dates carry a time zone and, by custom, no milliseconds: 2026-11-21T09:30:00+00:00. */
export function formatCxmlDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid date');
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/**
 * A value ready for xmlbuilder2: cleaned, and with every '&' escaped beforehand. xmlbuilder2 leaves
 * an '&' that looks like a reference (`&name;`, `&#123;`) unescaped on purpose (see
 * oozcitak/xmlbuilder2#110 and its 3.1.0 fix), so a title "&lt;b&gt;" would be written as markup
 * and "&foo;" would break the document. After this, every '&' reads "&amp;", which the library
 * keeps as it is; '<', '>' and '"' it escapes itself. The DTD and round-trip tests guard this.
 */
export function xmlValue(value: string): string {
  return cleanXmlText(value).replace(/&/g, '&amp;');
}
