import {
  attributeOf,
  childElement,
  childElements,
  pathElement,
  textOf,
  type XmlElement,
} from '../../supplier/cxml/cxml-safe-parser.js';
import { dateOf, money, orderReferenceOf, wholeNumber } from './inbound-document.reader.js';
import { refuse, type InvoiceDetailRead } from './inbound-document.types.js';

/**
 * Reads an InvoiceDetailRequest that passed invoice-structure.ts. What the portal does not support
 * is refused here with 400: another purpose than a standard invoice (credit and debit memos), a
 * deleting or information-only invoice, and amounts in more than one currency.
 */
export function readInvoiceDetail(request: XmlElement | undefined): InvoiceDetailRead {
  const header = childElement(request, 'InvoiceDetailRequestHeader');
  const purpose = attributeOf(header, 'purpose') ?? 'standard';
  if (purpose !== 'standard') {
    throw refuse.badRequest(
      `InvoiceDetailRequestHeader purpose "${purpose.slice(0, 40)}" is not supported: only standard invoices are accepted (no credit or debit memos)`,
    );
  }
  const operation = attributeOf(header, 'operation') ?? 'new';
  if (operation !== 'new') {
    throw refuse.badRequest(
      `InvoiceDetailRequestHeader operation "${operation.slice(0, 40)}" is not supported: send operation="new"`,
    );
  }
  if (attributeOf(header, 'isInformationOnly') === 'yes') {
    throw refuse.badRequest('An information-only invoice (isInformationOnly="yes") is not accepted');
  }
  const invoiceId = (attributeOf(header, 'invoiceID') ?? '').trim();
  if (invoiceId === '' || invoiceId.length > 100) {
    throw refuse.badRequest('InvoiceDetailRequestHeader invoiceID must be 1 to 100 characters');
  }
  const order = childElement(request, 'InvoiceDetailOrder');
  const currencies = new Set<string>();
  const amount = (element: XmlElement | undefined, what: string) => {
    const moneyElement = childElement(element, 'Money');
    currencies.add(attributeOf(moneyElement, 'currency') ?? '');
    return money(textOf(moneyElement), what);
  };
  const optionalAmount = (element: XmlElement | undefined, what: string) => (element ? amount(element, what) : null);
  const summary = childElement(request, 'InvoiceDetailSummary');
  const read: InvoiceDetailRead = {
    kind: 'InvoiceDetailRequest',
    invoiceId,
    invoiceDate: dateOf(attributeOf(header, 'invoiceDate'), 'InvoiceDetailRequestHeader invoiceDate'),
    orderReference: orderReferenceOf(pathElement(order, 'InvoiceDetailOrderInfo', 'OrderReference')),
    currency: '',
    items: childElements(order, 'InvoiceDetailItem').map((item) => {
      const invoiceLineNumber = wholeNumber(
        attributeOf(item, 'invoiceLineNumber'),
        'InvoiceDetailItem invoiceLineNumber',
      );
      const quantity = wholeNumber(attributeOf(item, 'quantity'), `InvoiceDetailItem ${invoiceLineNumber} quantity`);
      if (quantity <= 0) throw refuse.badRequest(`InvoiceDetailItem ${invoiceLineNumber} invoices no quantity`);
      const unitPrice = amount(childElement(item, 'UnitPrice'), `UnitPrice of invoice line ${invoiceLineNumber}`);
      if (unitPrice.startsWith('-'))
        throw refuse.badRequest(`UnitPrice of invoice line ${invoiceLineNumber} is negative`);
      return {
        invoiceLineNumber,
        quantity,
        unitPrice,
        lineNumber: wholeNumber(
          attributeOf(childElement(item, 'InvoiceDetailItemReference'), 'lineNumber'),
          `InvoiceDetailItemReference lineNumber of invoice line ${invoiceLineNumber}`,
        ),
      };
    }),
    summary: {
      subtotal: amount(childElement(summary, 'SubtotalAmount'), 'SubtotalAmount'),
      tax: amount(childElement(summary, 'Tax'), 'Tax'),
      gross: optionalAmount(childElement(summary, 'GrossAmount'), 'GrossAmount'),
      net: amount(childElement(summary, 'NetAmount'), 'NetAmount'),
      due: optionalAmount(childElement(summary, 'DueAmount'), 'DueAmount'),
    },
  };
  if (currencies.size !== 1) {
    throw refuse.badRequest(`An invoice is in one currency; this one mixes ${[...currencies].join(', ')}`);
  }
  const seen = new Set<number>();
  for (const item of read.items) {
    if (seen.has(item.invoiceLineNumber)) {
      throw refuse.badRequest(`invoiceLineNumber ${item.invoiceLineNumber} appears twice`);
    }
    seen.add(item.invoiceLineNumber);
  }
  return { ...read, currency: [...currencies][0]! };
}
