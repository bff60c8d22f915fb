/** What a cXML OrderRequest carries; built by cxml-order-request.ts with an XML library. */
export interface CxmlOrderRequestInput {
  /** Stable per order: a retry resends the same payloadID so the supplier can deduplicate. */
  payloadId: string;
  timestamp: Date;
  deploymentMode: 'test' | 'production';
  fromIdentity: string;
  toIdentity: string;
  senderIdentity: string;
  sharedSecret: string;
  userAgent: string;
  /** The order number, e.g. SO-001234. */
  orderId: string;
  orderDate: Date;
  /** Money as text with two decimals, e.g. '12.50'. */
  total: string;
  currency: 'USD';
  shipTo: {
    addressName: string;
    deliverTo: string;
    streets: string[];
    city: string;
    state: string;
    postalCode: string;
    countryCode: string;
    phone?: string | null;
  };
  billTo: {
    addressName: string;
    streets: string[];
    city?: string | null;
    state?: string | null;
    postalCode?: string | null;
    countryCode?: string | null;
  };
  items: {
    lineNumber: number;
    quantity: number;
    supplierPartId: string;
    /** The supplier's own reference for a line bought in its PunchOut shop, echoed back as it came. */
    supplierPartAuxiliaryId?: string | null;
    unitPrice: string;
    description: string;
    /** UN/CEFACT code: EA for catalogue items, the supplier's own for PunchOut lines. */
    unitOfMeasure: string;
    unspsc: string;
  }[];
  /**
   * A STAT order: each ItemOut asks for delivery on `requestedDeliveryDate` (YYYY-MM-DD, the
   * earliest: the day it is sent) and the header carries a priority Extrinsic with the reason.
   */
  urgency?: { requestedDeliveryDate: string; reason: string } | null;
  /** The requester's delivery instructions (checked for patient data when written); sent as the header's Comments. */
  deliveryNote?: string | null;
}

/** The parts of a supplier's cXML Response the integration acts on. */
export interface CxmlResponse {
  statusCode: number;
  statusText: string;
  message: string | null;
  payloadId: string | null;
  supplierOrderId: string | null;
}

export class CxmlParseError extends Error {}

/** The input of buildOrderRequestXml was unusable (a programmer error, not a supplier answer). */
export class CxmlBuildError extends Error {}

/** An address as read back from a cXML document; absent parts are null or empty. */
export interface CxmlAddressRead {
  addressName: string | null;
  deliverTo: string[];
  streets: string[];
  city: string | null;
  state: string | null;
  postalCode: string | null;
  countryCode: string | null;
}

/**
 * An OrderRequest as read by the sandbox supplier (and the round-trip tests). Read leniently: a
 * missing part is null, so the reader of the result decides what it requires.
 */
export interface CxmlOrderRequestRead {
  /** The element inside Request: 'OrderRequest', 'ProfileRequest' … (null without one). */
  requestName: string | null;
  payloadId: string | null;
  timestamp: string | null;
  deploymentMode: 'test' | 'production';
  fromIdentity: string | null;
  toIdentity: string | null;
  senderIdentity: string | null;
  sharedSecret: string | null;
  userAgent: string | null;
  orderId: string | null;
  orderDate: string | null;
  total: string | null;
  currency: string | null;
  shipTo: CxmlAddressRead | null;
  billTo: CxmlAddressRead | null;
  items: {
    lineNumber: number | null;
    /** NaN when the attribute is not a number. */
    quantity: number | null;
    supplierPartId: string | null;
    supplierPartAuxiliaryId: string | null;
    unitPrice: string | null;
    description: string | null;
    unitOfMeasure: string | null;
    unspsc: string | null;
    requestedDeliveryDate: string | null;
  }[];
  /** The header's Extrinsic elements by name (their text). */
  extrinsics: Record<string, string>;
}

/**
 * What a supplier's answer means for the order. The cXML status decides, not the HTTP status: an
 * HTTP 500 carrying cXML 200 is an accepted order (success wins).
 * - accepted: cXML 2xx.
 * - rejected: cXML 4xx; the supplier read the order and refused it, resending it will not help.
 * - failed: cXML 5xx, another code, or no readable cXML; the outcome is unknown, and a retry must
 *   resend the same payloadID so the supplier can deduplicate.
 */
export type SupplierAnswer =
  | { outcome: 'accepted'; httpStatus: number; response: CxmlResponse }
  | { outcome: 'rejected'; httpStatus: number; response: CxmlResponse }
  | { outcome: 'failed'; httpStatus: number; response: CxmlResponse | null; error: string };
