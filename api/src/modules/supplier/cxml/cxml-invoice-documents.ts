import { serializeRequestDocument, type CxmlRequestHeader } from './cxml-request-document.js';
import { CXML_LANG, formatCxmlDate, type XmlElementTree } from './cxml-text.js';

/**
 * The invoice documents of cXML 1.2: the InvoiceDetailRequest a supplier sends (the sandbox
 * supplier and tests build it; InvoiceDetail.dtd structure, one order per invoice; a standard
 * invoice unless told otherwise) and the StatusUpdateRequest with an InvoiceStatus the portal
 * answers it with (cXML.dtd).
 */
export interface InvoiceDetailInput {
  invoiceId: string;
  invoiceDate: Date;
  purpose?: string;
  /** Defaults to "new"; "delete" withdraws the document of this invoiceID. */
  operation?: 'new' | 'delete';
  /** InvoiceIDInfo: the invoice a credit memo credits. */
  creditedInvoiceId?: string;
  /** DocumentReference in the header: the payloadID of the document a delete or credit memo refers to. */
  previousPayloadId?: string;
  order: { orderId: string; payloadId: string };
  currency?: string;
  items: { invoiceLineNumber: number; lineNumber: number; quantity: number; unitPrice: string }[];
  /** Defaults to the sum of the lines. */
  subtotal?: string;
  tax: string;
  /** Defaults to subtotal + tax (gross, net and due alike). */
  net?: string;
}

const money = (amount: string, currency: string): XmlElementTree => ({
  Money: { '@_currency': currency, '#text': amount },
});

const cents = (amount: string) => Math.round(Number(amount) * 100);
const amountOf = (value: number) => (value / 100).toFixed(2);

export function buildInvoiceDetailRequestXml(header: CxmlRequestHeader, input: InvoiceDetailInput): string {
  const currency = input.currency ?? 'USD';
  const subtotal =
    input.subtotal ?? amountOf(input.items.reduce((sum, item) => sum + item.quantity * cents(item.unitPrice), 0));
  const net = input.net ?? amountOf(cents(subtotal) + cents(input.tax));
  return serializeRequestDocument(
    header,
    {
      InvoiceDetailRequest: {
        InvoiceDetailRequestHeader: {
          '@_invoiceID': input.invoiceId,
          '@_purpose': input.purpose ?? 'standard',
          '@_operation': input.operation ?? 'new',
          '@_invoiceDate': formatCxmlDate(input.invoiceDate),
          InvoiceDetailHeaderIndicator: '',
          InvoiceDetailLineIndicator: '',
          ...(input.previousPayloadId ? { DocumentReference: { '@_payloadID': input.previousPayloadId } } : {}),
          ...(input.creditedInvoiceId ? { InvoiceIDInfo: { '@_invoiceID': input.creditedInvoiceId } } : {}),
        },
        InvoiceDetailOrder: {
          InvoiceDetailOrderInfo: {
            OrderReference: {
              '@_orderID': input.order.orderId,
              DocumentReference: { '@_payloadID': input.order.payloadId },
            },
          },
          InvoiceDetailItem: input.items.map((item) => ({
            '@_invoiceLineNumber': String(item.invoiceLineNumber),
            '@_quantity': String(item.quantity),
            UnitOfMeasure: 'EA',
            UnitPrice: money(item.unitPrice, currency),
            InvoiceDetailItemReference: { '@_lineNumber': String(item.lineNumber) },
          })),
        },
        InvoiceDetailSummary: {
          SubtotalAmount: money(subtotal, currency),
          Tax: { ...money(input.tax, currency), Description: { '@_xml:lang': CXML_LANG, '#text': 'Sales tax' } },
          GrossAmount: money(net, currency),
          NetAmount: money(net, currency),
          DueAmount: money(net, currency),
        },
      },
    },
    'InvoiceDetail.dtd',
  );
}

export interface InvoiceStatusInput {
  /** The payloadID of the supplier's InvoiceDetailRequest. */
  invoicePayloadId: string;
  invoiceId: string;
  invoiceDate: Date;
  type: 'reconciled' | 'rejected';
  comments?: string | null;
}

/** StatusUpdateRequest (DocumentReference, Status, InvoiceStatus): how the invoice was reconciled. */
export function buildInvoiceStatusUpdateXml(header: CxmlRequestHeader, input: InvoiceStatusInput): string {
  return serializeRequestDocument(header, {
    StatusUpdateRequest: {
      DocumentReference: { '@_payloadID': input.invoicePayloadId },
      Status: { '@_code': '200', '@_text': 'OK', '@_xml:lang': CXML_LANG },
      InvoiceStatus: {
        '@_type': input.type,
        InvoiceIDInfo: { '@_invoiceID': input.invoiceId, '@_invoiceDate': formatCxmlDate(input.invoiceDate) },
        ...(input.comments ? { Comments: { '@_xml:lang': CXML_LANG, '#text': input.comments } } : {}),
      },
    },
  });
}
