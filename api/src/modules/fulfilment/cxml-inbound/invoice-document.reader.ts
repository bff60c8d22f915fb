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
 * Reads an InvoiceDetailRequest that passed invoice-structure.ts: a standard invoice or a credit memo
 * (purpose creditMemo or lineLevelCreditMemo, read alike: negative quantities and amounts, positive
 * unit prices, InvoiceIDInfo naming the invoice it credits), new or withdrawn (operation="delete").
 * Refused here with 400: debit memos, information-only invoices, amounts in more than one currency,
 * and quantities or amounts whose sign does not fit the purpose.
 */
export function readInvoiceDetail(request: XmlElement | undefined): InvoiceDetailRead {
  const header = childElement(request, 'InvoiceDetailRequestHeader');
  const purpose = purposeOf(attributeOf(header, 'purpose') ?? 'standard');
  const operation = attributeOf(header, 'operation') ?? 'new';
  if (operation !== 'new' && operation !== 'delete') {
    throw refuse.badRequest(
      `InvoiceDetailRequestHeader operation "${operation.slice(0, 40)}" is not supported: send operation="new", or "delete" to withdraw an invoice`,
    );
  }
  if (attributeOf(header, 'isInformationOnly') === 'yes') {
    throw refuse.badRequest('An information-only invoice (isInformationOnly="yes") is not accepted');
  }
  const invoiceId = invoiceIdOf(attributeOf(header, 'invoiceID'), 'InvoiceDetailRequestHeader invoiceID');
  const invoiceIdInfo = childElement(header, 'InvoiceIDInfo');
  const creditedInvoiceId = invoiceIdInfo
    ? invoiceIdOf(attributeOf(invoiceIdInfo, 'invoiceID'), 'InvoiceIDInfo invoiceID')
    : null;
  if (purpose === 'creditMemo' && !creditedInvoiceId) {
    throw refuse.badRequest(
      'A credit memo names the invoice it credits in InvoiceDetailRequestHeader/InvoiceIDInfo@invoiceID',
    );
  }
  if (purpose === 'standard' && creditedInvoiceId) {
    throw refuse.badRequest('InvoiceIDInfo names the invoice a credit memo credits; a standard invoice has none');
  }
  const previousPayloadId = attributeOf(childElement(header, 'DocumentReference'), 'payloadID')?.trim() || null;
  const isCredit = purpose === 'creditMemo';
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
    purpose,
    operation,
    creditedInvoiceId,
    previousPayloadId,
    invoiceDate: dateOf(attributeOf(header, 'invoiceDate'), 'InvoiceDetailRequestHeader invoiceDate'),
    orderReference: orderReferenceOf(pathElement(order, 'InvoiceDetailOrderInfo', 'OrderReference')),
    currency: '',
    items: childElements(order, 'InvoiceDetailItem').map((item) => {
      const invoiceLineNumber = wholeNumber(
        attributeOf(item, 'invoiceLineNumber'),
        'InvoiceDetailItem invoiceLineNumber',
      );
      const quantity = signedQuantity(attributeOf(item, 'quantity'), invoiceLineNumber, isCredit);
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
  if (isCredit) assertCreditAmounts(read.summary);
  return { ...read, currency: [...currencies][0]! };
}

const CREDIT_PURPOSES = ['creditMemo', 'lineLevelCreditMemo'];

function purposeOf(purpose: string): InvoiceDetailRead['purpose'] {
  if (purpose === 'standard') return 'standard';
  if (CREDIT_PURPOSES.includes(purpose)) return 'creditMemo';
  throw refuse.badRequest(
    `InvoiceDetailRequestHeader purpose "${purpose.slice(0, 40)}" is not supported: send a standard invoice or a credit memo (no debit memos)`,
  );
}

function invoiceIdOf(value: string | null, what: string): string {
  const id = (value ?? '').trim();
  if (id === '' || id.length > 100) throw refuse.badRequest(`${what} must be 1 to 100 characters`);
  return id;
}

/** An invoice bills positive quantities; a credit memo credits negative ones. */
function signedQuantity(value: string | null, invoiceLineNumber: number, isCredit: boolean): number {
  const text = (value ?? '').trim();
  const isNegative = text.startsWith('-');
  const quantity = wholeNumber(isNegative ? text.slice(1) : text, `InvoiceDetailItem ${invoiceLineNumber} quantity`);
  if (quantity === 0) throw refuse.badRequest(`InvoiceDetailItem ${invoiceLineNumber} invoices no quantity`);
  if (isNegative !== isCredit) {
    throw refuse.badRequest(
      isCredit
        ? `InvoiceDetailItem ${invoiceLineNumber} of a credit memo credits a negative quantity (got ${text.slice(0, 20)})`
        : `InvoiceDetailItem ${invoiceLineNumber} quantity must be positive (got ${text.slice(0, 20)})`,
    );
  }
  return isCredit ? -quantity : quantity;
}

function assertCreditAmounts(summary: InvoiceDetailRead['summary']): void {
  const amounts = [
    ['SubtotalAmount', summary.subtotal],
    ['Tax', summary.tax],
    ['GrossAmount', summary.gross],
    ['NetAmount', summary.net],
    ['DueAmount', summary.due],
  ] as const;
  for (const [name, amount] of amounts) {
    if (amount !== null && Number(amount) > 0) {
      throw refuse.badRequest(`A credit memo's ${name} is negative (got ${amount})`);
    }
  }
}
