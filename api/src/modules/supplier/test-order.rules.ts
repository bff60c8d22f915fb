import { SHARED_SECRET_PLACEHOLDER, type CxmlRequestHeader } from './cxml/cxml-request-document.js';
import type { CxmlOrderRequestInput } from './cxml/cxml.types.js';

/**
 * The order number of a connection test: never one of the portal's own (SO-…), so nothing the
 * supplier sends back about it can touch a real order, and the sandbox supplier plans no follow-ups.
 */
export const TEST_ORDER_PREFIX = 'TEST-';

export function isTestOrderId(orderId: string): boolean {
  return orderId.startsWith(TEST_ORDER_PREFIX);
}

/** TEST-YYYYMMDDHHMMSS, in UTC: readable in the supplier's logs, unique enough for a person's clicks. */
export function testOrderId(now: Date): string {
  return `${TEST_ORDER_PREFIX}${now.toISOString().replace(/[-:T]/g, '').slice(0, 14)}`;
}

export interface TestOrderAddress {
  name: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  countryCode: string | null;
}

/**
 * A one-line OrderRequest in deploymentMode "test" (the cXML way to say: do not fulfil), shipped to
 * the company's bill-to address when it is known; the line is a part number no supplier stocks.
 */
export function buildTestOrderInput(
  header: Omit<CxmlRequestHeader, 'deploymentMode'>,
  company: TestOrderAddress,
  now: Date,
): CxmlOrderRequestInput {
  const name = company.name?.trim() || 'Supply Hub';
  const countryCode = /^[A-Za-z]{2}$/.test(company.countryCode ?? '') ? (company.countryCode as string) : 'US';
  return {
    ...header,
    deploymentMode: 'test',
    orderId: testOrderId(now),
    orderDate: now,
    total: '1.00',
    currency: 'USD',
    shipTo: {
      addressName: name,
      deliverTo: 'Connection test: do not ship',
      streets: [company.street?.trim() || 'Connection test'],
      city: company.city?.trim() || 'Test',
      state: company.state?.trim() || 'NA',
      postalCode: company.postalCode?.trim() || '00000',
      countryCode,
    },
    billTo: {
      addressName: name,
      streets: company.street ? [company.street] : [],
      city: company.city,
      state: company.state,
      postalCode: company.postalCode,
      countryCode,
    },
    items: [
      {
        lineNumber: 1,
        quantity: 1,
        supplierPartId: 'SUPPLYHUB-CONNECTION-TEST',
        unitPrice: '1.00',
        description: 'Supply Hub connection test (deploymentMode test): do not fulfil',
        unitOfMeasure: 'EA',
        unspsc: '42000000',
      },
    ],
  };
}

const SHARED_SECRET_ELEMENT = /(<SharedSecret\b[^>]*>)[\s\S]*?(<\/SharedSecret>)/g;

/**
 * A supplier's answer as we show and keep it: its SharedSecret elements emptied and the secret gone
 * in every form an echo of our request could hold it (as sent, or XML-escaped in an error page).
 */
export function withoutSecret(text: string, secret: string): string {
  let hidden = text.replace(SHARED_SECRET_ELEMENT, `$1${SHARED_SECRET_PLACEHOLDER}$2`);
  if (!secret) return hidden;
  const escaped = secret
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  for (const form of new Set([
    secret,
    escaped,
    secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  ])) {
    hidden = hidden.split(form).join(SHARED_SECRET_PLACEHOLDER);
  }
  return hidden;
}
