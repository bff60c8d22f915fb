import { createRequestDocument, type XMLBuilder } from './cxml-request-document.js';
import { parseCxmlDocument, type XmlElement } from './cxml-safe-parser.js';
import { CXML_LANG, cleanXmlText, formatCxmlDate, xmlValue } from './cxml-text.js';
import { CxmlBuildError, type CxmlOrderRequestInput } from './cxml.types.js';

export const SHARED_SECRET_PLACEHOLDER = '[redacted]';
/** What redactSharedSecret gives for a text it cannot read: never the text itself. */
export const UNREADABLE_REQUEST_PLACEHOLDER = '[cXML request withheld: not readable for redaction]';

const MONEY = /^\d{1,10}\.\d{2}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * A cXML 1.2.063 OrderRequest, valid against the cXML DTD (element order as the DTD requires:
 * Header > From, To, Sender; OrderRequestHeader > Total, ShipTo, BillTo; ItemOut > ItemID, ItemDetail).
 * Every value goes through the XML library, which escapes it, after xmlValue (characters XML 1.0
 * forbids stripped, line ends normalised, trimmed; see cxml-text.ts). Throws CxmlBuildError on
 * unusable input.
 */
export function buildOrderRequestXml(input: CxmlOrderRequestInput): string {
  return orderRequestDocument(input).end({ prettyPrint: true });
}

/**
 * The document with each SharedSecret's content replaced, for logs and the stored request XML.
 * Only the secret's content changes, byte for byte; the result is then read back with the safe
 * parser, and unless every SharedSecret holds exactly the placeholder (a secret with markup inside,
 * an unreadable text), the whole text is withheld: the secret never passes through.
 */
export function redactSharedSecret(xml: string): string {
  // An empty secret is written as <SharedSecret/>: given the placeholder too, so it reads like any other.
  const redacted = xml
    .replace(/<SharedSecret(\s[^>]*?)?\s*\/>/g, '<SharedSecret$1></SharedSecret>')
    .replace(
      /<SharedSecret(\s[^>]*)?>[\s\S]*?<\/SharedSecret\s*>/g,
      (_element, attributes: string | undefined) =>
        `<SharedSecret${attributes ?? ''}>${SHARED_SECRET_PLACEHOLDER}</SharedSecret>`,
    );
  try {
    return holdsOnlyPlaceholders(parseCxmlDocument(redacted)) ? redacted : UNREADABLE_REQUEST_PLACEHOLDER;
  } catch {
    return UNREADABLE_REQUEST_PLACEHOLDER;
  }
}

function holdsOnlyPlaceholders(element: XmlElement): boolean {
  return Object.entries(element).every(([name, children]) => {
    if (!Array.isArray(children)) return true;
    return children.every((child) =>
      name === 'SharedSecret'
        ? Object.keys(child).every((key) => key === '#text' || key.startsWith('@_')) &&
          child['#text'] === SHARED_SECRET_PLACEHOLDER
        : holdsOnlyPlaceholders(child),
    );
  });
}

function orderRequestDocument(input: CxmlOrderRequestInput): XMLBuilder {
  assertUsable(input);
  const { document, request } = createRequestDocument(input);
  const orderRequest = request.ele('OrderRequest');
  const orderHeader = orderRequest.ele('OrderRequestHeader', {
    orderID: xmlValue(input.orderId),
    orderDate: formatCxmlDate(input.orderDate),
    type: 'new',
  });
  orderHeader.ele('Total').ele('Money', { currency: input.currency }).txt(input.total);
  appendShipTo(orderHeader, input.shipTo);
  appendBillTo(orderHeader, input.billTo);

  for (const item of input.items) {
    const itemOut = orderRequest.ele('ItemOut', {
      quantity: String(item.quantity),
      lineNumber: String(item.lineNumber),
    });
    itemOut.ele('ItemID').ele('SupplierPartID').txt(xmlValue(item.supplierPartId));
    const detail = itemOut.ele('ItemDetail');
    detail.ele('UnitPrice').ele('Money', { currency: input.currency }).txt(item.unitPrice);
    detail.ele('Description', { 'xml:lang': CXML_LANG }).txt(xmlValue(item.description));
    detail.ele('UnitOfMeasure').txt(item.unitOfMeasure);
    detail.ele('Classification', { domain: 'UNSPSC' }).txt(xmlValue(item.unspsc));
  }
  return document;
}

function appendShipTo(orderHeader: XMLBuilder, shipTo: CxmlOrderRequestInput['shipTo']): void {
  const countryCode = shipTo.countryCode.toUpperCase();
  const address = orderHeader.ele('ShipTo').ele('Address', { isoCountryCode: countryCode });
  address.ele('Name', { 'xml:lang': CXML_LANG }).txt(xmlValue(shipTo.addressName));
  const postal = address.ele('PostalAddress');
  postal.ele('DeliverTo').txt(xmlValue(shipTo.deliverTo));
  for (const street of cleanStreets(shipTo.streets)) postal.ele('Street').txt(xmlValue(street));
  postal.ele('City').txt(xmlValue(shipTo.city));
  postal.ele('State').txt(xmlValue(shipTo.state));
  postal.ele('PostalCode').txt(xmlValue(shipTo.postalCode));
  appendCountry(postal, countryCode);
  appendPhone(address, shipTo.phone, countryCode);
}

/** The DTD requires BillTo; its PostalAddress needs a street and a city, so it appears only when both are known. */
function appendBillTo(orderHeader: XMLBuilder, billTo: CxmlOrderRequestInput['billTo']): void {
  const countryCode = (billTo.countryCode ?? 'US').toUpperCase();
  const address = orderHeader.ele('BillTo').ele('Address');
  address.ele('Name', { 'xml:lang': CXML_LANG }).txt(xmlValue(billTo.addressName));
  const streets = cleanStreets(billTo.streets);
  const city = cleanXmlText(billTo.city ?? '');
  if (streets.length === 0 || city === '') return;
  const postal = address.ele('PostalAddress');
  for (const street of streets) postal.ele('Street').txt(xmlValue(street));
  postal.ele('City').txt(xmlValue(city));
  const state = cleanXmlText(billTo.state ?? '');
  if (state) postal.ele('State').txt(xmlValue(state));
  const postalCode = cleanXmlText(billTo.postalCode ?? '');
  if (postalCode) postal.ele('PostalCode').txt(xmlValue(postalCode));
  appendCountry(postal, countryCode);
}

function appendCountry(postal: XMLBuilder, countryCode: string): void {
  postal.ele('Country', { isoCountryCode: countryCode }).txt(xmlValue(countryName(countryCode)));
}

/** Only a North American number fits TelephoneNumber's parts reliably; any other is left out. */
function appendPhone(address: XMLBuilder, phone: string | null | undefined, countryCode: string): void {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10 || !['US', 'CA'].includes(countryCode)) return;
  const telephone = address.ele('Phone').ele('TelephoneNumber');
  telephone.ele('CountryCode', { isoCountryCode: countryCode }).txt('1');
  telephone.ele('AreaOrCityCode').txt(digits.slice(0, 3));
  telephone.ele('Number').txt(digits.slice(3));
}

function cleanStreets(streets: readonly string[]): string[] {
  return streets.map(cleanXmlText).filter((street) => street !== '');
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function countryName(countryCode: string): string {
  try {
    return regionNames.of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

function assertUsable(input: CxmlOrderRequestInput): void {
  const problems: string[] = [];
  if (cleanXmlText(input.payloadId) === '') problems.push('payloadId is empty');
  if (cleanXmlText(input.orderId) === '') problems.push('orderId is empty');
  if (!MONEY.test(input.total)) problems.push('total is not money with two decimals');
  if (!COUNTRY_CODE.test(input.shipTo.countryCode.toUpperCase())) problems.push('shipTo.countryCode is not 2 letters');
  if (input.billTo.countryCode && !COUNTRY_CODE.test(input.billTo.countryCode.toUpperCase())) {
    problems.push('billTo.countryCode is not 2 letters');
  }
  if (cleanStreets(input.shipTo.streets).length === 0) problems.push('shipTo has no street');
  if (input.items.length === 0) problems.push('the order has no items');
  input.items.forEach((item, index) => {
    if (!Number.isInteger(item.quantity) || item.quantity < 1) problems.push(`items[${index}].quantity`);
    if (!Number.isInteger(item.lineNumber) || item.lineNumber < 1) problems.push(`items[${index}].lineNumber`);
    if (!MONEY.test(item.unitPrice)) problems.push(`items[${index}].unitPrice`);
    if (cleanXmlText(item.supplierPartId) === '') problems.push(`items[${index}].supplierPartId`);
  });
  if (problems.length > 0) throw new CxmlBuildError(`cannot build the OrderRequest: ${problems.join('; ')}`);
}
