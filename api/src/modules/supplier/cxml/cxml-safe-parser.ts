import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { isXmlCharacter } from './cxml-text.js';
import { CxmlParseError } from './cxml.types.js';

/**
 * An element as the safe parser gives it: attributes under '@_name', the element's own text
 * (entity references decoded, trimmed) under '#text', and every child element as an array.
 */
export interface XmlElement {
  [key: string]: XmlElement[] | string | undefined;
}

/** A cXML document is small; anything much bigger is not one. */
const MAX_LENGTH = 1_000_000;
const PREDEFINED_ENTITIES = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);
const FORBIDDEN_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** Only an external DOCTYPE (SYSTEM or PUBLIC identifier) is accepted, never an internal subset. */
const PLAIN_DOCTYPE =
  /<!DOCTYPE\s+[A-Za-z_][\w.:-]*(?:\s+(?:SYSTEM\s+"[^"<>[\]]*"|PUBLIC\s+"[^"<>[\]]*"\s+"[^"<>[\]]*"))?\s*>/y;
const CDATA_SECTION = /<!\[CDATA\[([\s\S]*?)\]\]>/g;

/**
 * The parser's settings: entities are never expanded by the library (processEntities false, no HTML
 * entities); the five predefined references and character references are decoded here, and any
 * other reference is an error, since a document without an internal DTD cannot declare one.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  maxNestedTags: 40,
  tagValueProcessor: (_name, value) => decodeReferences(value),
  attributeValueProcessor: (_name, value) => decodeReferences(value),
});

/**
 * Parses a cXML document and returns its root cXML element. Refuses, with CxmlParseError: an empty
 * body, a DOCTYPE with an internal subset or any entity declaration (billion laughs, external
 * entities), characters XML forbids, malformed XML, and any document whose root is not cXML
 * (an HTML error page, for one).
 */
export function parseCxmlDocument(text: string): XmlElement {
  const xml = text.replace(/^\uFEFF/, '');
  if (xml.trim() === '') throw new CxmlParseError('the body is empty');
  if (xml.length > MAX_LENGTH) throw new CxmlParseError('the body is too large for a cXML document');
  assertNoDeclarations(xml);
  if (FORBIDDEN_CHARACTER.test(xml)) throw new CxmlParseError('the body contains characters XML does not allow');
  // CDATA content is literal text: turned into escaped text, it reads the same after decoding.
  const withoutCdata = xml.replace(CDATA_SECTION, (_section, content: string) => escapeText(content));
  const validation = XMLValidator.validate(withoutCdata);
  if (validation !== true) {
    throw new CxmlParseError(`malformed XML: ${validation.err.msg} (line ${validation.err.line})`);
  }
  if (!withoutCdata.trimEnd().endsWith('>')) throw new CxmlParseError('malformed XML: text after the root element');
  let parsed: XmlElement;
  try {
    parsed = parser.parse(withoutCdata) as XmlElement;
  } catch (error) {
    if (error instanceof CxmlParseError) throw error;
    throw new CxmlParseError(`malformed XML: ${(error as Error).message}`);
  }
  const roots = Object.keys(parsed);
  const root = parsed.cXML;
  if (roots.length !== 1 || !Array.isArray(root) || root.length !== 1 || !root[0]) {
    throw new CxmlParseError(`not a cXML document (root: ${roots.join(', ').slice(0, 40) || 'none'})`);
  }
  return root[0];
}

export function childElements(element: XmlElement | undefined, name: string): XmlElement[] {
  const value = element?.[name];
  return Array.isArray(value) ? value : [];
}

export function childElement(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return childElements(element, name)[0];
}

/** Follows a path of first children: pathElement(root, 'Request', 'OrderRequest'). */
export function pathElement(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  return names.reduce<XmlElement | undefined>((current, name) => childElement(current, name), element);
}

/** The element's text ('' when it has none), or null when there is no element. */
export function textOf(element: XmlElement | undefined): string | null {
  if (!element) return null;
  const text = element['#text'];
  return typeof text === 'string' ? text : '';
}

export function attributeOf(element: XmlElement | undefined, name: string): string | null {
  const value = element?.[`@_${name}`];
  return typeof value === 'string' ? value : null;
}

function assertNoDeclarations(xml: string): void {
  if (/<!ENTITY/i.test(xml)) throw new CxmlParseError('entity declarations are not accepted');
  const doctypes = [...xml.matchAll(/<!DOCTYPE/gi)];
  if (doctypes.length > 1) throw new CxmlParseError('more than one DOCTYPE');
  const doctype = doctypes[0];
  if (!doctype) return;
  PLAIN_DOCTYPE.lastIndex = doctype.index;
  if (!PLAIN_DOCTYPE.test(xml)) {
    throw new CxmlParseError('only a DOCTYPE with an external identifier is accepted, without an internal subset');
  }
}

function decodeReferences(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&([^;&\s]{1,12});|&/g, (_match, reference: string | undefined) => {
    if (reference === undefined) throw new CxmlParseError('malformed XML: a bare "&"');
    const predefined = PREDEFINED_ENTITIES.get(reference);
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9A-Fa-f]{1,6})|([0-9]{1,7}))$/.exec(reference);
    const codePoint = numeric ? Number.parseInt(numeric[1] ?? numeric[2] ?? '', numeric[1] ? 16 : 10) : NaN;
    if (numeric && isXmlCharacter(codePoint)) return String.fromCodePoint(codePoint);
    throw new CxmlParseError(`malformed XML: the reference "&${reference.slice(0, 12)};" is not allowed`);
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
