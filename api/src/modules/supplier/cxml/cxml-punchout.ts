import { serializeRequestDocument, type CxmlRequestHeader } from './cxml-request-document.js';
import { newPayloadId } from './cxml-response-builder.js';
import {
  attributeOf,
  childElement,
  childElements,
  parseCxmlDocument,
  pathElement,
  textOf,
  type XmlElement,
} from './cxml-safe-parser.js';
import { CXML_LANG, CXML_VERSION, formatCxmlDate, serializeCxml, type XmlElementTree } from './cxml-text.js';
import { CxmlParseError } from './cxml.types.js';

/**
 * The three documents of a PunchOut shopping session (cXML 1.2.063, cXML.dtd): the buyer's
 * PunchOutSetupRequest, the supplier's PunchOutSetupResponse naming its start page, and the
 * PunchOutOrderMessage the supplier's page posts back through the browser with the cart.
 */

export interface PunchOutSetupInput {
  buyerCookie: string;
  /** Where the supplier's page posts the cart back (our POST /api/cxml/punchout/return). */
  browserFormPostUrl: string;
  /** The supplier's PunchOut URL the request is sent to. */
  supplierSetupUrl: string;
  userEmail: string;
  userName: string;
  department: string | null;
}

export function buildPunchOutSetupRequestXml(header: CxmlRequestHeader, setup: PunchOutSetupInput): string {
  const extrinsics = [
    { '@_name': 'UserEmail', '#text': setup.userEmail },
    { '@_name': 'UniqueName', '#text': setup.userEmail },
    ...(setup.department ? [{ '@_name': 'Department', '#text': setup.department }] : []),
  ];
  return serializeRequestDocument(header, {
    PunchOutSetupRequest: {
      '@_operation': 'create',
      BuyerCookie: setup.buyerCookie,
      Extrinsic: extrinsics,
      BrowserFormPost: { URL: setup.browserFormPostUrl },
      Contact: {
        '@_role': 'endUser',
        Name: { '@_xml:lang': CXML_LANG, '#text': setup.userName || setup.userEmail },
        Email: setup.userEmail,
      },
      SupplierSetup: { URL: setup.supplierSetupUrl },
    },
  });
}

export interface PunchOutSetupRequestRead {
  operation: string | null;
  buyerCookie: string | null;
  browserFormPostUrl: string | null;
  userEmail: string | null;
  department: string | null;
}

/** The PunchOutSetupRequest's own part (the header is read by readOrderRequest); null when absent. */
export function readPunchOutSetupRequest(xml: string): PunchOutSetupRequestRead | null {
  const setup = pathElement(parseCxmlDocument(xml), 'Request', 'PunchOutSetupRequest');
  if (!setup) return null;
  const extrinsic = (name: string) =>
    textOf(childElements(setup, 'Extrinsic').find((element) => attributeOf(element, 'name') === name));
  return {
    operation: attributeOf(setup, 'operation'),
    buyerCookie: textOf(childElement(setup, 'BuyerCookie')),
    browserFormPostUrl: textOf(pathElement(setup, 'BrowserFormPost', 'URL')),
    userEmail: extrinsic('UserEmail'),
    department: extrinsic('Department'),
  };
}

export interface PunchOutSetupResponseRead {
  statusCode: number;
  statusText: string;
  message: string | null;
  startPage: string | null;
}

/** A supplier's answer to our PunchOutSetupRequest. Throws CxmlParseError when it is not a cXML Response. */
export function readPunchOutSetupResponse(xml: string): PunchOutSetupResponseRead {
  const response = childElement(parseCxmlDocument(xml), 'Response');
  const status = childElement(response, 'Status');
  const code = attributeOf(status, 'code') ?? '';
  if (!response || !status || !/^\d{3}$/.test(code)) throw new CxmlParseError('not a cXML Response with a Status');
  return {
    statusCode: Number(code),
    statusText: attributeOf(status, 'text') ?? '',
    message: textOf(status) || null,
    startPage: textOf(pathElement(response, 'PunchOutSetupResponse', 'StartPage', 'URL')),
  };
}

export interface PunchOutOrderLine {
  quantity: number;
  supplierPartId: string;
  supplierPartAuxiliaryId: string | null;
  unitPrice: string;
  description: string;
  unitOfMeasure: string;
  unspsc: string;
  manufacturerName?: string | null;
}

export interface PunchOutOrderMessageInput {
  timestamp: Date;
  fromIdentity: string;
  toIdentity: string;
  buyerCookie: string;
  total: string;
  currency: string;
  items: readonly PunchOutOrderLine[];
}

/**
 * The supplier's cart (built by the sandbox supplier). It travels through the buyer's browser, so
 * its Sender carries no shared secret: what protects the buyer is the one-time BuyerCookie, and the
 * SupplierPartAuxiliaryID with which the supplier recognises its own quote in the OrderRequest.
 */
export function buildPunchOutOrderMessageXml(input: PunchOutOrderMessageInput): string {
  const money = (amount: string): XmlElementTree => ({ Money: { '@_currency': input.currency, '#text': amount } });
  const credential = (identity: string): XmlElementTree => ({ '@_domain': 'NetworkID', Identity: identity });
  return serializeCxml({
    '@_version': CXML_VERSION,
    '@_payloadID': newPayloadId(input.timestamp, 'supplier.invalid'),
    '@_timestamp': formatCxmlDate(input.timestamp),
    '@_xml:lang': CXML_LANG,
    Header: {
      From: { Credential: credential(input.fromIdentity) },
      To: { Credential: credential(input.toIdentity) },
      Sender: { Credential: credential(input.fromIdentity), UserAgent: 'Supply Hub sandbox supplier' },
    },
    Message: {
      PunchOutOrderMessage: {
        BuyerCookie: input.buyerCookie,
        PunchOutOrderMessageHeader: { '@_operationAllowed': 'create', Total: money(input.total) },
        ItemIn: input.items.map((item, index) => ({
          '@_quantity': String(item.quantity),
          '@_lineNumber': String(index + 1),
          ItemID: {
            SupplierPartID: item.supplierPartId,
            ...(item.supplierPartAuxiliaryId ? { SupplierPartAuxiliaryID: item.supplierPartAuxiliaryId } : {}),
          },
          ItemDetail: {
            UnitPrice: money(item.unitPrice),
            Description: { '@_xml:lang': CXML_LANG, '#text': item.description },
            UnitOfMeasure: item.unitOfMeasure,
            Classification: { '@_domain': 'UNSPSC', '#text': item.unspsc },
            ...(item.manufacturerName ? { ManufacturerName: item.manufacturerName } : {}),
          },
        })),
      },
    },
  });
}

/** A PunchOutOrderMessage as read, every value as text (or null when absent), for the rules to judge. */
export interface PunchOutOrderMessageRead {
  fromIdentity: string | null;
  senderIdentity: string | null;
  buyerCookie: string | null;
  operationAllowed: string | null;
  total: string | null;
  currency: string | null;
  items: {
    quantity: string | null;
    supplierPartId: string | null;
    supplierPartAuxiliaryId: string | null;
    unitPrice: string | null;
    currency: string | null;
    description: string | null;
    unitOfMeasure: string | null;
    unspsc: string | null;
    manufacturerName: string | null;
  }[];
}

/** Reads a returned cart with the safe parser; null when the document holds no PunchOutOrderMessage. */
export function readPunchOutOrderMessage(xml: string): PunchOutOrderMessageRead | null {
  const root = parseCxmlDocument(xml);
  const message = pathElement(root, 'Message', 'PunchOutOrderMessage');
  if (!message) return null;
  const header = childElement(root, 'Header');
  const messageHeader = childElement(message, 'PunchOutOrderMessageHeader');
  const totalMoney = pathElement(messageHeader, 'Total', 'Money');
  return {
    fromIdentity: textOf(pathElement(header, 'From', 'Credential', 'Identity')),
    senderIdentity: textOf(pathElement(header, 'Sender', 'Credential', 'Identity')),
    buyerCookie: textOf(childElement(message, 'BuyerCookie')),
    operationAllowed: attributeOf(messageHeader, 'operationAllowed'),
    total: textOf(totalMoney),
    currency: attributeOf(totalMoney, 'currency'),
    items: childElements(message, 'ItemIn').map(readItemIn),
  };
}

function readItemIn(itemIn: XmlElement): PunchOutOrderMessageRead['items'][number] {
  const detail = childElement(itemIn, 'ItemDetail');
  const unitPrice = pathElement(detail, 'UnitPrice', 'Money');
  const unspsc = childElements(detail, 'Classification').find(
    (classification) => (attributeOf(classification, 'domain') ?? '').toUpperCase() === 'UNSPSC',
  );
  return {
    quantity: attributeOf(itemIn, 'quantity'),
    supplierPartId: textOf(pathElement(itemIn, 'ItemID', 'SupplierPartID')),
    supplierPartAuxiliaryId: textOf(pathElement(itemIn, 'ItemID', 'SupplierPartAuxiliaryID')),
    unitPrice: textOf(unitPrice),
    currency: attributeOf(unitPrice, 'currency'),
    description: textOf(childElement(detail, 'Description')),
    unitOfMeasure: textOf(childElement(detail, 'UnitOfMeasure')),
    unspsc: textOf(unspsc),
    manufacturerName: textOf(childElement(detail, 'ManufacturerName')),
  };
}
