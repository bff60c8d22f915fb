import { attributeOf, childElements, type XmlElement } from '../../supplier/cxml/cxml-safe-parser.js';
import { refuse } from './inbound-document.types.js';

/**
 * InvoiceDetail.dtd is not vendored, so an InvoiceDetailRequest is held to this strict schema
 * instead: the part of the cXML 1.2 structure the portal supports (one order per invoice, item
 * lines, a summary of subtotal, tax and the totals). Any other element or attribute is refused
 * with a text naming it, so nothing the portal would silently ignore (shipping, discounts,
 * service lines, a header-level invoice) is ever stored. Counts are checked, not sibling order
 * (the parser groups children by name).
 */
type Count = 'one' | 'optional' | 'oneOrMore' | 'any';

interface ElementSchema {
  required?: readonly string[];
  optional?: readonly string[];
  children?: Readonly<Record<string, readonly [Count, ElementSchema]>>;
  /** Text content required (Money). */
  hasText?: boolean;
  /** Free content the portal does not read (comments, extrinsics, descriptions). */
  isOpaque?: boolean;
}

const OPAQUE: ElementSchema = { isOpaque: true };
const MONEY: ElementSchema = {
  required: ['currency'],
  optional: ['alternateAmount', 'alternateCurrency'],
  hasText: true,
};
const AMOUNT: ElementSchema = { children: { Money: ['one', MONEY] } };
const UNIT_OF_MEASURE: ElementSchema = { hasText: true };

const INVOICE_DETAIL_REQUEST: ElementSchema = {
  children: {
    InvoiceDetailRequestHeader: [
      'one',
      {
        required: ['invoiceID', 'invoiceDate'],
        optional: ['purpose', 'operation', 'invoiceOrigin', 'isInformationOnly'],
        children: {
          InvoiceDetailHeaderIndicator: ['one', { optional: ['isHeaderInvoice', 'isVatRecoverable'] }],
          InvoiceDetailLineIndicator: [
            'one',
            {
              optional: [
                'isTaxInLine',
                'isSpecialHandlingInLine',
                'isShippingInLine',
                'isDiscountInLine',
                'isAccountingInLine',
                'isPriceAdjustmentInLine',
              ],
            },
          ],
          // The document a delete or credit memo refers to, and the invoice a credit memo credits.
          DocumentReference: ['optional', { required: ['payloadID'] }],
          InvoiceIDInfo: ['optional', { required: ['invoiceID'], optional: ['invoiceDate'] }],
          Comments: ['optional', OPAQUE],
          Extrinsic: ['any', OPAQUE],
        },
      },
    ],
    InvoiceDetailOrder: [
      'one',
      {
        children: {
          InvoiceDetailOrderInfo: [
            'one',
            {
              children: {
                OrderReference: [
                  'one',
                  {
                    optional: ['orderID', 'orderDate'],
                    children: { DocumentReference: ['one', { required: ['payloadID'] }] },
                  },
                ],
              },
            },
          ],
          InvoiceDetailItem: [
            'oneOrMore',
            {
              required: ['invoiceLineNumber', 'quantity'],
              optional: ['referenceDate', 'inspectionDate'],
              children: {
                UnitOfMeasure: ['one', UNIT_OF_MEASURE],
                UnitPrice: ['one', AMOUNT],
                InvoiceDetailItemReference: [
                  'one',
                  {
                    required: ['lineNumber'],
                    optional: ['serialNumber'],
                    children: { ItemID: ['optional', OPAQUE], Description: ['optional', OPAQUE] },
                  },
                ],
                SubtotalAmount: ['optional', AMOUNT],
                Comments: ['optional', OPAQUE],
                Extrinsic: ['any', OPAQUE],
              },
            },
          ],
        },
      },
    ],
    InvoiceDetailSummary: [
      'one',
      {
        children: {
          SubtotalAmount: ['one', AMOUNT],
          Tax: [
            'one',
            {
              children: {
                Money: ['one', MONEY],
                Description: ['one', OPAQUE],
                TaxDetail: ['any', OPAQUE],
              },
            },
          ],
          GrossAmount: ['optional', AMOUNT],
          NetAmount: ['one', AMOUNT],
          DueAmount: ['optional', AMOUNT],
        },
      },
    ],
  },
};

const COUNT_TEXT: Record<Count, string> = {
  one: 'exactly one',
  optional: 'at most one',
  oneOrMore: 'at least one',
  any: 'any number of',
};

/** Refuses (400) an InvoiceDetailRequest element that does not follow the supported structure. */
export function assertInvoiceStructure(request: XmlElement | undefined): void {
  if (!request) throw refuse.badRequest('The Request has no InvoiceDetailRequest');
  checkElement(request, 'InvoiceDetailRequest', INVOICE_DETAIL_REQUEST);
}

function checkElement(element: XmlElement, name: string, schema: ElementSchema): void {
  if (schema.isOpaque) return;
  const allowedAttributes = [...(schema.required ?? []), ...(schema.optional ?? []), 'xml:lang'];
  for (const key of Object.keys(element)) {
    if (key === '#text') continue;
    if (key.startsWith('@_')) {
      const attribute = key.slice(2);
      if (!allowedAttributes.includes(attribute)) {
        throw refuse.badRequest(`InvoiceDetailRequest: attribute ${attribute} is not supported on ${name}`);
      }
    } else if (!schema.children?.[key]) {
      throw refuse.badRequest(`InvoiceDetailRequest: element ${key} is not supported in ${name}`);
    }
  }
  for (const attribute of schema.required ?? []) {
    if (!attributeOf(element, attribute)) {
      throw refuse.badRequest(`InvoiceDetailRequest: ${name} needs the attribute ${attribute}`);
    }
  }
  const text = typeof element['#text'] === 'string' ? element['#text'].trim() : '';
  if (schema.hasText && text === '') {
    throw refuse.badRequest(`InvoiceDetailRequest: ${name} needs a value`);
  }
  if (!schema.hasText && text !== '') {
    throw refuse.badRequest(`InvoiceDetailRequest: ${name} carries no text`);
  }
  for (const [childName, [count, childSchema]] of Object.entries(schema.children ?? {})) {
    const children = childElements(element, childName);
    const isCountRight =
      count === 'one'
        ? children.length === 1
        : count === 'optional'
          ? children.length <= 1
          : count === 'oneOrMore'
            ? children.length >= 1
            : true;
    if (!isCountRight) {
      throw refuse.badRequest(
        `InvoiceDetailRequest: ${name} has ${children.length} ${childName}; it takes ${COUNT_TEXT[count]}`,
      );
    }
    for (const child of children) checkElement(child, childName, childSchema);
  }
}
