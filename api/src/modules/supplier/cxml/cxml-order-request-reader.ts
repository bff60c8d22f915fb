import {
  attributeOf,
  childElement,
  childElements,
  parseCxmlDocument,
  pathElement,
  textOf,
  type XmlElement,
} from './cxml-safe-parser.js';
import type { CxmlAddressRead, CxmlOrderRequestRead } from './cxml.types.js';

/**
 * Reads a cXML request (an OrderRequest in full; of any other, the header) with the same safe parser as supplier responses. Throws CxmlParseError
 * only when the text is not a readable cXML document; missing parts come back as null, for the
 * caller (the sandbox supplier) to judge.
 */
export function readOrderRequest(xml: string): CxmlOrderRequestRead {
  const root = parseCxmlDocument(xml);
  const header = childElement(root, 'Header');
  const sender = childElement(header, 'Sender');
  const senderCredential =
    childElements(sender, 'Credential').find((credential) => childElement(credential, 'SharedSecret')) ??
    childElement(sender, 'Credential');
  const request = childElement(root, 'Request');
  const orderRequest = childElement(request, 'OrderRequest');
  const orderHeader = childElement(orderRequest, 'OrderRequestHeader');
  const totalMoney = pathElement(orderHeader, 'Total', 'Money');
  return {
    requestName: Object.keys(request ?? {}).find((key) => !key.startsWith('@_') && key !== '#text') ?? null,
    payloadId: attributeOf(root, 'payloadID'),
    timestamp: attributeOf(root, 'timestamp'),
    deploymentMode: attributeOf(request, 'deploymentMode') === 'test' ? 'test' : 'production',
    fromIdentity: textOf(pathElement(header, 'From', 'Credential', 'Identity')),
    toIdentity: textOf(pathElement(header, 'To', 'Credential', 'Identity')),
    senderIdentity: textOf(childElement(senderCredential, 'Identity')),
    sharedSecret: textOf(childElement(senderCredential, 'SharedSecret')),
    userAgent: textOf(childElement(sender, 'UserAgent')),
    orderId: attributeOf(orderHeader, 'orderID'),
    orderDate: attributeOf(orderHeader, 'orderDate'),
    total: textOf(totalMoney),
    currency: attributeOf(totalMoney, 'currency'),
    shipTo: readAddress(pathElement(orderHeader, 'ShipTo', 'Address')),
    billTo: readAddress(pathElement(orderHeader, 'BillTo', 'Address')),
    items: childElements(orderRequest, 'ItemOut').map((itemOut) => {
      const detail = childElement(itemOut, 'ItemDetail');
      return {
        lineNumber: numberOrNull(attributeOf(itemOut, 'lineNumber')),
        quantity: numberOrNull(attributeOf(itemOut, 'quantity')),
        supplierPartId: textOf(pathElement(itemOut, 'ItemID', 'SupplierPartID')),
        supplierPartAuxiliaryId: textOf(pathElement(itemOut, 'ItemID', 'SupplierPartAuxiliaryID')),
        unitPrice: textOf(pathElement(detail, 'UnitPrice', 'Money')),
        description: textOf(childElement(detail, 'Description')),
        unitOfMeasure: textOf(childElement(detail, 'UnitOfMeasure')),
        unspsc: textOf(childElements(detail, 'Classification').find((c) => attributeOf(c, 'domain') === 'UNSPSC')),
        requestedDeliveryDate: attributeOf(itemOut, 'requestedDeliveryDate'),
      };
    }),
    extrinsics: Object.fromEntries(
      childElements(orderHeader, 'Extrinsic').flatMap((extrinsic) => {
        const name = attributeOf(extrinsic, 'name');
        return name ? [[name, textOf(extrinsic) ?? '']] : [];
      }),
    ),
  };
}

function readAddress(address: XmlElement | undefined): CxmlAddressRead | null {
  if (!address) return null;
  const postal = childElement(address, 'PostalAddress');
  return {
    addressName: textOf(childElement(address, 'Name')),
    deliverTo: childElements(postal, 'DeliverTo').map((element) => textOf(element) ?? ''),
    streets: childElements(postal, 'Street').map((element) => textOf(element) ?? ''),
    city: textOf(childElement(postal, 'City')),
    state: textOf(childElement(postal, 'State')),
    postalCode: textOf(childElement(postal, 'PostalCode')),
    countryCode: attributeOf(childElement(postal, 'Country'), 'isoCountryCode'),
  };
}

/** Null when absent; NaN when present but not a number, so a check can tell the two apart. */
function numberOrNull(value: string | null): number | null {
  if (value === null) return null;
  return /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
}
