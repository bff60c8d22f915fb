import type { ConfirmationLineStatus } from '../fulfilment.rules.js';

/**
 * The request types the inbound endpoint accepts, and the DTD each is validated against.
 * InvoiceDetail.dtd is not vendored: an invoice is held to the strict schema of invoice-structure.ts.
 */
export const INBOUND_REQUEST_TYPES = {
  ConfirmationRequest: 'Fulfill.dtd',
  ShipNoticeRequest: 'Fulfill.dtd',
  StatusUpdateRequest: 'cXML.dtd',
  InvoiceDetailRequest: 'invoice-structure',
} as const;
export type InboundRequestType = keyof typeof INBOUND_REQUEST_TYPES;
/** The request types validated against a vendored DTD. */
export type DtdRequestType = Exclude<InboundRequestType, 'InvoiceDetailRequest'>;

/** The envelope every inbound document carries: who sent it, and its identity. */
export interface InboundEnvelope {
  payloadId: string;
  senderIdentity: string | null;
  sharedSecret: string | null;
  requestType: string | null;
}

export interface OrderReferenceRead {
  orderId: string | null;
  payloadId: string | null;
}

export interface ConfirmationRead {
  kind: 'ConfirmationRequest';
  confirmId: string | null;
  operation: 'new' | 'update';
  type: string;
  noticeDate: Date;
  /** For operation="update": the payloadID of the version it replaces. */
  previousPayloadId: string | null;
  comments: string | null;
  orderReference: OrderReferenceRead;
  items: {
    lineNumber: number;
    quantity: number;
    statuses: {
      type: ConfirmationLineStatus | 'requestToPay';
      quantity: number;
      deliveryDate: Date | null;
      unitPrice: string | null;
      supplierPartId: string | null;
      comments: string | null;
    }[];
  }[];
}

export interface ShipNoticeRead {
  kind: 'ShipNoticeRequest';
  shipmentId: string;
  operation: 'new' | 'update' | 'delete';
  noticeDate: Date;
  shipmentDate: Date | null;
  deliveryDate: Date | null;
  previousPayloadId: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  portions: {
    orderReference: OrderReferenceRead;
    items: { lineNumber: number; quantity: number; lot: string | null; expiryDate: string | null }[];
  }[];
}

export interface StatusUpdateRead {
  kind: 'StatusUpdateRequest';
  orderPayloadId: string | null;
  code: number;
  text: string;
  message: string | null;
}

/**
 * An InvoiceDetailRequest as the portal reads it: one order, item lines, the summary's amounts. A
 * credit memo has negative quantities and amounts (unit prices stay positive) and names the invoice
 * it credits; operation="delete" withdraws the document of its invoiceID.
 */
export interface InvoiceDetailRead {
  kind: 'InvoiceDetailRequest';
  invoiceId: string;
  purpose: 'standard' | 'creditMemo';
  operation: 'new' | 'delete';
  /** InvoiceDetailRequestHeader/InvoiceIDInfo@invoiceID: the invoice a credit memo credits. */
  creditedInvoiceId: string | null;
  /** InvoiceDetailRequestHeader/DocumentReference@payloadID: the document a delete or credit memo refers to. */
  previousPayloadId: string | null;
  invoiceDate: Date;
  orderReference: OrderReferenceRead;
  currency: string;
  items: { invoiceLineNumber: number; lineNumber: number; quantity: number; unitPrice: string }[];
  summary: { subtotal: string; tax: string; gross: string | null; net: string; due: string | null };
}

export type InboundDocumentRead = ConfirmationRead | ShipNoticeRead | StatusUpdateRead | InvoiceDetailRead;

/** A document that parses but breaks a rule: answered with this cXML status, nothing applied. */
export class InboundRefusal extends Error {
  constructor(
    readonly code: number,
    readonly text: string,
    message: string,
  ) {
    super(message);
    this.name = 'InboundRefusal';
  }
}

export const refuse = {
  badRequest: (message: string) => new InboundRefusal(400, 'Bad Request', message),
  conflict: (message: string) => new InboundRefusal(409, 'Conflict', message),
};
