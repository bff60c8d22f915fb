import { serializeRequestDocument, type CxmlRequestHeader } from './cxml-request-document.js';
import { CXML_LANG, formatCxmlDate, type XmlElementTree } from './cxml-text.js';

/**
 * The documents a supplier sends back to the portal, valid against Fulfill.dtd (confirmations and
 * ship notices) or cXML.dtd (status updates). The sandbox supplier sends them; operators and tests
 * build them to replay. The header's From and Sender are the supplier, To is the buying portal.
 */
export type SupplierDocumentHeader = CxmlRequestHeader;

export interface OrderReferenceInput {
  orderId: string;
  /** The payloadID of the OrderRequest the portal sent. */
  payloadId: string;
}

export interface ConfirmationInput {
  type: 'accept' | 'allDetail' | 'detail' | 'backordered' | 'except' | 'reject';
  operation?: 'new' | 'update';
  confirmId?: string;
  noticeDate: Date;
  previousPayloadId?: string;
  comments?: string;
  order: OrderReferenceInput;
  items?: {
    lineNumber: number;
    quantity: number;
    statuses: {
      type: 'accept' | 'allDetail' | 'detail' | 'backordered' | 'reject' | 'unknown';
      quantity: number;
      deliveryDate?: Date;
      unitPrice?: string;
      comments?: string;
    }[];
  }[];
}

export function buildConfirmationRequestXml(header: SupplierDocumentHeader, input: ConfirmationInput): string {
  return serializeRequestDocument(
    header,
    {
      ConfirmationRequest: {
        ConfirmationHeader: {
          ...(input.confirmId ? { '@_confirmID': input.confirmId } : {}),
          ...(input.operation ? { '@_operation': input.operation } : {}),
          '@_type': input.type,
          '@_noticeDate': formatCxmlDate(input.noticeDate),
          ...(input.previousPayloadId ? { DocumentReference: { '@_payloadID': input.previousPayloadId } } : {}),
          ...(input.comments ? { Comments: comments(input.comments) } : {}),
        },
        OrderReference: orderReference(input.order),
        ConfirmationItem: (input.items ?? []).map((item) => ({
          '@_quantity': String(item.quantity),
          '@_lineNumber': String(item.lineNumber),
          UnitOfMeasure: 'EA',
          ConfirmationStatus: item.statuses.map((status) => ({
            '@_quantity': String(status.quantity),
            '@_type': status.type,
            ...(status.deliveryDate ? { '@_deliveryDate': formatCxmlDate(status.deliveryDate) } : {}),
            UnitOfMeasure: 'EA',
            ...(status.unitPrice ? { UnitPrice: { Money: { '@_currency': 'USD', '#text': status.unitPrice } } } : {}),
            ...(status.comments ? { Comments: comments(status.comments) } : {}),
          })),
        })),
      },
    },
    'Fulfill.dtd',
  );
}

export interface ShipNoticeInput {
  shipmentId: string;
  operation?: 'new' | 'update' | 'delete';
  noticeDate: Date;
  shipmentDate?: Date;
  deliveryDate?: Date;
  previousPayloadId?: string;
  carrier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  comments?: string;
  portions: {
    order: OrderReferenceInput;
    items: { lineNumber: number; quantity: number; lot?: string; expiryDate?: Date }[];
  }[];
}

export function buildShipNoticeRequestXml(header: SupplierDocumentHeader, input: ShipNoticeInput): string {
  const shipControl: XmlElementTree | null =
    input.carrier && input.trackingNumber
      ? {
          CarrierIdentifier: { '@_domain': 'companyName', '#text': input.carrier },
          ShipmentIdentifier: {
            ...(input.trackingUrl ? { '@_trackingURL': input.trackingUrl } : {}),
            '#text': input.trackingNumber,
          },
        }
      : null;
  return serializeRequestDocument(
    header,
    {
      ShipNoticeRequest: {
        ShipNoticeHeader: {
          '@_shipmentID': input.shipmentId,
          ...(input.operation ? { '@_operation': input.operation } : {}),
          '@_noticeDate': formatCxmlDate(input.noticeDate),
          ...(input.shipmentDate ? { '@_shipmentDate': formatCxmlDate(input.shipmentDate) } : {}),
          ...(input.deliveryDate ? { '@_deliveryDate': formatCxmlDate(input.deliveryDate) } : {}),
          ...(input.previousPayloadId ? { DocumentReference: { '@_payloadID': input.previousPayloadId } } : {}),
          ...(input.comments ? { Comments: comments(input.comments) } : {}),
        },
        ...(shipControl ? { ShipControl: shipControl } : {}),
        ShipNoticePortion: input.portions.map((portion) => ({
          OrderReference: orderReference(portion.order),
          ShipNoticeItem: portion.items.map((item) => ({
            '@_quantity': String(item.quantity),
            '@_lineNumber': String(item.lineNumber),
            UnitOfMeasure: 'EA',
            ...(item.lot || item.expiryDate
              ? {
                  Batch: {
                    ...(item.expiryDate ? { '@_expirationDate': formatCxmlDate(item.expiryDate) } : {}),
                    ...(item.lot ? { SupplierBatchID: item.lot } : {}),
                  },
                }
              : {}),
          })),
        })),
      },
    },
    'Fulfill.dtd',
  );
}

export interface StatusUpdateInput {
  orderPayloadId: string;
  code: number;
  text: string;
  message?: string;
}

export function buildStatusUpdateRequestXml(header: SupplierDocumentHeader, input: StatusUpdateInput): string {
  return serializeRequestDocument(header, {
    StatusUpdateRequest: {
      DocumentReference: { '@_payloadID': input.orderPayloadId },
      Status: {
        '@_code': String(input.code),
        '@_text': input.text,
        '@_xml:lang': CXML_LANG,
        ...(input.message ? { '#text': input.message } : {}),
      },
    },
  });
}

function orderReference(order: OrderReferenceInput): XmlElementTree {
  return { '@_orderID': order.orderId, DocumentReference: { '@_payloadID': order.payloadId } };
}

function comments(text: string): XmlElementTree {
  return { '@_xml:lang': CXML_LANG, '#text': text };
}
