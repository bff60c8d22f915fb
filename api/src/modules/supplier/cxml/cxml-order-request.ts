import { serializeRequestDocument } from './cxml-request-document.js';
import { CXML_LANG, cleanXmlText, formatCxmlDate, type XmlElementTree } from './cxml-text.js';
import { CxmlBuildError, type CxmlOrderRequestInput } from './cxml.types.js';

const MONEY = /^\d{1,10}\.\d{2}$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * A cXML 1.2.063 OrderRequest, valid against the cXML DTD (element order as the DTD requires:
 * Header > From, To, Sender; OrderRequestHeader > Total, ShipTo, BillTo; ItemOut > ItemID, ItemDetail).
 * Every value goes through the XML library, which cleans it (characters XML 1.0 forbids stripped,
 * line ends normalised, trimmed) and escapes it (see cxml-text.ts). Throws CxmlBuildError on
 * unusable input.
 */
export function buildOrderRequestXml(input: CxmlOrderRequestInput): string {
  assertUsable(input);
  return serializeRequestDocument(input, orderRequestElement(input));
}

function orderRequestElement(input: CxmlOrderRequestInput): XmlElementTree {
  // Characters XML cannot carry are dropped from the note the requester typed, as from every text sent.
  const deliveryNote = input.deliveryNote ? cleanXmlText(input.deliveryNote) : '';
  return {
    OrderRequest: {
      OrderRequestHeader: {
        '@_orderID': input.orderId,
        '@_orderDate': formatCxmlDate(input.orderDate),
        '@_type': 'new',
        Total: money(input.total, input.currency),
        ShipTo: { Address: shipToAddress(input.shipTo) },
        BillTo: { Address: billToAddress(input.billTo) },
        // Comments comes after BillTo and before Extrinsic in the DTD's order.
        ...(deliveryNote
          ? { Comments: { '@_xml:lang': CXML_LANG, '@_type': 'DeliveryInstructions', '#text': deliveryNote } }
          : {}),
        // Extrinsic is the DTD's last child of OrderRequestHeader: keep this spread last.
        ...(input.urgency ? { Extrinsic: priorityExtrinsics(input.urgency) } : {}),
      },
      ItemOut: input.items.map((item) => ({
        '@_quantity': String(item.quantity),
        '@_lineNumber': String(item.lineNumber),
        ...(input.urgency ? { '@_requestedDeliveryDate': input.urgency.requestedDeliveryDate } : {}),
        ItemID: {
          SupplierPartID: item.supplierPartId,
          ...(item.supplierPartAuxiliaryId ? { SupplierPartAuxiliaryID: item.supplierPartAuxiliaryId } : {}),
        },
        ItemDetail: {
          UnitPrice: money(item.unitPrice, input.currency),
          Description: { '@_xml:lang': CXML_LANG, '#text': item.description },
          UnitOfMeasure: item.unitOfMeasure,
          Classification: { '@_domain': 'UNSPSC', '#text': item.unspsc },
        },
      })),
    },
  };
}

/** A STAT order's priority as suppliers read it: the priority, then why the ward needs it today. */
function priorityExtrinsics(urgency: NonNullable<CxmlOrderRequestInput['urgency']>): XmlElementTree[] {
  return [
    { '@_name': 'Priority', '#text': 'STAT' },
    { '@_name': 'PriorityReason', '#text': urgency.reason },
  ];
}

function money(amount: string, currency: string): XmlElementTree {
  return { Money: { '@_currency': currency, '#text': amount } };
}

function shipToAddress(shipTo: CxmlOrderRequestInput['shipTo']): XmlElementTree {
  const countryCode = shipTo.countryCode.toUpperCase();
  const phone = telephone(shipTo.phone, countryCode);
  return {
    '@_isoCountryCode': countryCode,
    Name: { '@_xml:lang': CXML_LANG, '#text': shipTo.addressName },
    PostalAddress: {
      DeliverTo: shipTo.deliverTo,
      Street: cleanStreets(shipTo.streets),
      City: shipTo.city,
      State: shipTo.state,
      PostalCode: shipTo.postalCode,
      Country: country(countryCode),
    },
    ...(phone ? { Phone: { TelephoneNumber: phone } } : {}),
  };
}

/** The DTD requires BillTo; its PostalAddress needs a street and a city, so it appears only when both are known. */
function billToAddress(billTo: CxmlOrderRequestInput['billTo']): XmlElementTree {
  const name = { '@_xml:lang': CXML_LANG, '#text': billTo.addressName };
  const streets = cleanStreets(billTo.streets);
  const city = cleanXmlText(billTo.city ?? '');
  if (streets.length === 0 || city === '') return { Name: name };
  const state = cleanXmlText(billTo.state ?? '');
  const postalCode = cleanXmlText(billTo.postalCode ?? '');
  return {
    Name: name,
    PostalAddress: {
      Street: streets,
      City: city,
      ...(state ? { State: state } : {}),
      ...(postalCode ? { PostalCode: postalCode } : {}),
      Country: country((billTo.countryCode ?? 'US').toUpperCase()),
    },
  };
}

function country(countryCode: string): XmlElementTree {
  return { '@_isoCountryCode': countryCode, '#text': countryName(countryCode) };
}

/** Only a North American number fits TelephoneNumber's parts reliably; any other is left out. */
function telephone(phone: string | null | undefined, countryCode: string): XmlElementTree | null {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  if (digits.length !== 10 || !['US', 'CA'].includes(countryCode)) return null;
  return {
    CountryCode: { '@_isoCountryCode': countryCode, '#text': '1' },
    AreaOrCityCode: digits.slice(0, 3),
    Number: digits.slice(3),
  };
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
  if (input.urgency && !/^\d{4}-\d{2}-\d{2}$/.test(input.urgency.requestedDeliveryDate)) {
    problems.push('urgency.requestedDeliveryDate is not YYYY-MM-DD');
  }
  input.items.forEach((item, index) => {
    if (!Number.isInteger(item.quantity) || item.quantity < 1) problems.push(`items[${index}].quantity`);
    if (!Number.isInteger(item.lineNumber) || item.lineNumber < 1) problems.push(`items[${index}].lineNumber`);
    if (!MONEY.test(item.unitPrice)) problems.push(`items[${index}].unitPrice`);
    if (cleanXmlText(item.supplierPartId) === '') problems.push(`items[${index}].supplierPartId`);
  });
  if (problems.length > 0) throw new CxmlBuildError(`cannot build the OrderRequest: ${problems.join('; ')}`);
}
