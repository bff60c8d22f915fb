import {
  attributeOf,
  childElement,
  childElements,
  pathElement,
  textOf,
  type XmlElement,
} from '../../supplier/cxml/cxml-safe-parser.js';
import {
  refuse,
  type ConfirmationRead,
  type InboundDocumentRead,
  type InboundEnvelope,
  type OrderReferenceRead,
  type ShipNoticeRead,
  type StatusUpdateRead,
} from './inbound-document.types.js';

/**
 * Reads the parts of an inbound document the portal acts on. Runs after DTD validation, so the
 * structure is known; what the DTD cannot say (numbers, dates) is checked here and refused with 400.
 */
export function readEnvelope(root: XmlElement): InboundEnvelope {
  const sender = pathElement(root, 'Header', 'Sender');
  const credential =
    childElements(sender, 'Credential').find((candidate) => childElement(candidate, 'SharedSecret')) ??
    childElement(sender, 'Credential');
  const request = childElement(root, 'Request');
  return {
    payloadId: attributeOf(root, 'payloadID') ?? '',
    senderIdentity: textOf(childElement(credential, 'Identity')),
    sharedSecret: textOf(childElement(credential, 'SharedSecret')),
    requestType: Object.keys(request ?? {}).find((key) => !key.startsWith('@_') && key !== '#text') ?? null,
  };
}

export function readInboundDocument(root: XmlElement, requestType: string): InboundDocumentRead {
  const request = pathElement(root, 'Request', requestType);
  if (requestType === 'ConfirmationRequest') return readConfirmation(request);
  if (requestType === 'ShipNoticeRequest') return readShipNotice(request);
  return readStatusUpdate(request);
}

function readConfirmation(request: XmlElement | undefined): ConfirmationRead {
  const header = childElement(request, 'ConfirmationHeader');
  return {
    kind: 'ConfirmationRequest',
    confirmId: attributeOf(header, 'confirmID'),
    operation: attributeOf(header, 'operation') === 'update' ? 'update' : 'new',
    type: attributeOf(header, 'type') ?? '',
    noticeDate: dateOf(attributeOf(header, 'noticeDate'), 'ConfirmationHeader noticeDate'),
    previousPayloadId: attributeOf(childElement(header, 'DocumentReference'), 'payloadID'),
    comments: commentsOf(header),
    orderReference: orderReferenceOf(childElement(request, 'OrderReference')),
    items: childElements(request, 'ConfirmationItem').map((item) => {
      const lineNumber = wholeNumber(attributeOf(item, 'lineNumber'), 'ConfirmationItem lineNumber');
      return {
        lineNumber,
        quantity: wholeNumber(attributeOf(item, 'quantity'), `ConfirmationItem ${lineNumber} quantity`),
        statuses: childElements(item, 'ConfirmationStatus').map((status) => {
          const itemIn = childElement(status, 'ItemIn');
          const price = itemIn
            ? pathElement(itemIn, 'ItemDetail', 'UnitPrice', 'Money')
            : pathElement(status, 'UnitPrice', 'Money');
          return {
            type: (attributeOf(status, 'type') ??
              'unknown') as ConfirmationRead['items'][number]['statuses'][number]['type'],
            quantity: wholeNumber(attributeOf(status, 'quantity'), `ConfirmationStatus of line ${lineNumber} quantity`),
            deliveryDate: optionalDate(attributeOf(status, 'deliveryDate'), `deliveryDate of line ${lineNumber}`),
            unitPrice: price ? money(textOf(price), `UnitPrice of line ${lineNumber}`) : null,
            supplierPartId: textOf(pathElement(itemIn, 'ItemID', 'SupplierPartID')),
            comments: commentsOf(status),
          };
        }),
      };
    }),
  };
}

function readShipNotice(request: XmlElement | undefined): ShipNoticeRead {
  const header = childElement(request, 'ShipNoticeHeader');
  const control = childElement(request, 'ShipControl');
  const carriers = childElements(control, 'CarrierIdentifier');
  const carrier = carriers.find((candidate) => attributeOf(candidate, 'domain') === 'companyName') ?? carriers[0];
  const shipmentIdentifier = childElement(control, 'ShipmentIdentifier');
  const operation = attributeOf(header, 'operation');
  return {
    kind: 'ShipNoticeRequest',
    shipmentId: attributeOf(header, 'shipmentID') ?? '',
    operation: operation === 'update' || operation === 'delete' ? operation : 'new',
    noticeDate: dateOf(attributeOf(header, 'noticeDate'), 'ShipNoticeHeader noticeDate'),
    shipmentDate: optionalDate(attributeOf(header, 'shipmentDate'), 'ShipNoticeHeader shipmentDate'),
    deliveryDate: optionalDate(attributeOf(header, 'deliveryDate'), 'ShipNoticeHeader deliveryDate'),
    previousPayloadId: attributeOf(childElement(header, 'DocumentReference'), 'payloadID'),
    carrier: textOf(carrier) || null,
    trackingNumber: textOf(shipmentIdentifier) || null,
    trackingUrl: attributeOf(shipmentIdentifier, 'trackingURL'),
    portions: childElements(request, 'ShipNoticePortion').map((portion) => ({
      orderReference: orderReferenceOf(childElement(portion, 'OrderReference')),
      items: childElements(portion, 'ShipNoticeItem').map((item) => {
        const lineNumber = wholeNumber(attributeOf(item, 'lineNumber'), 'ShipNoticeItem lineNumber');
        const batch = childElement(item, 'Batch');
        const lot = textOf(childElement(batch, 'SupplierBatchID')) ?? textOf(childElement(item, 'SupplierBatchID'));
        const expiry = optionalDate(attributeOf(batch, 'expirationDate'), `Batch expirationDate of line ${lineNumber}`);
        return {
          lineNumber,
          quantity: wholeNumber(attributeOf(item, 'quantity'), `ShipNoticeItem ${lineNumber} quantity`),
          lot: lot || null,
          expiryDate: expiry ? expiry.toISOString().slice(0, 10) : null,
        };
      }),
    })),
  };
}

function readStatusUpdate(request: XmlElement | undefined): StatusUpdateRead {
  const status = childElement(request, 'Status');
  return {
    kind: 'StatusUpdateRequest',
    orderPayloadId: attributeOf(childElement(request, 'DocumentReference'), 'payloadID'),
    code: wholeNumber(attributeOf(status, 'code'), 'Status code'),
    text: attributeOf(status, 'text') ?? '',
    message: textOf(status) || null,
  };
}

export function orderReferenceOf(reference: XmlElement | undefined): OrderReferenceRead {
  return {
    orderId: attributeOf(reference, 'orderID'),
    payloadId: attributeOf(childElement(reference, 'DocumentReference'), 'payloadID'),
  };
}

function commentsOf(element: XmlElement | undefined): string | null {
  const text = childElements(element, 'Comments')
    .map((comment) => textOf(comment) ?? '')
    .filter(Boolean)
    .join(' ');
  return text ? text.slice(0, 1000) : null;
}

const WHOLE = /^\d{1,9}(?:\.0+)?$/;
const MONEY = /^-?\d{1,10}(?:\.\d{1,2})?$/;

/** Quantities are r8 in the DTD; the portal orders whole units, so fractions are refused. */
export function wholeNumber(value: string | null, what: string): number {
  if (value === null || !WHOLE.test(value.trim()))
    throw refuse.badRequest(`${what} must be a whole number (got "${(value ?? '').slice(0, 20)}")`);
  return Number.parseInt(value, 10);
}

export function money(value: string | null, what: string): string {
  const text = (value ?? '').trim();
  if (!MONEY.test(text)) throw refuse.badRequest(`${what} is not an amount (got "${text.slice(0, 20)}")`);
  return Number(text).toFixed(2);
}

export function dateOf(value: string | null, what: string): Date {
  const date = optionalDate(value, what);
  if (!date) throw refuse.badRequest(`${what} is required`);
  return date;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

function optionalDate(value: string | null, what: string): Date | null {
  if (value === null || value.trim() === '') return null;
  const date = new Date(value.trim());
  if (!ISO_DATE_TIME.test(value.trim()) || Number.isNaN(date.getTime())) {
    throw refuse.badRequest(`${what} is not a date (got "${value.slice(0, 40)}")`);
  }
  return date;
}
