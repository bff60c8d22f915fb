import { describe, expect, it } from '@jest/globals';

import {
  creditMemoProblem,
  duplicateRefusal,
  withdrawalRefusal,
  type DocumentInForce,
} from './invoice-corrections.rules.js';

function inForce(overrides: Partial<DocumentInForce> = {}): DocumentInForce {
  return {
    invoice_id: 'INV-B1',
    purpose: 'standard',
    status: 'exception',
    order_number: 'SO-001234',
    payload_id: 'p1@supplier',
    received_at: new Date('2026-11-27T10:00:00Z'),
    decided_at: null,
    credited_invoice_id: null,
    credited_status: null,
    ...overrides,
  };
}

const RECEIVED = 'was already received from this supplier on 2026-11-27 for SO-001234 (payloadID p1@supplier)';

describe('withdrawalRefusal and duplicateRefusal', () => {
  it.each<[string, Partial<DocumentInForce>, string | null, string]>([
    [
      'an invoice waiting for finance may be withdrawn',
      {},
      null,
      `Invoice INV-B1 ${RECEIVED}; send operation="delete" to withdraw it or a credit memo naming INV-B1 in InvoiceIDInfo to correct it`,
    ],
    [
      'a matched invoice is ready to pay',
      { status: 'matched' },
      'Invoice INV-B1 is ready to pay (matched) and can no longer be withdrawn; send a credit memo naming INV-B1 in InvoiceIDInfo to correct it',
      `Invoice INV-B1 ${RECEIVED}; it is ready to pay: send a credit memo naming INV-B1 in InvoiceIDInfo, with its own invoiceID, to correct it`,
    ],
    [
      'an accepted invoice is ready to pay since the decision',
      { status: 'accepted', decided_at: new Date('2026-11-28T09:00:00Z') },
      "Invoice INV-B1 is ready to pay (accepted by the hospital's finance team on 2026-11-28) and can no longer be withdrawn; send a credit memo naming INV-B1 in InvoiceIDInfo to correct it",
      `Invoice INV-B1 ${RECEIVED}; it is ready to pay: send a credit memo naming INV-B1 in InvoiceIDInfo, with its own invoiceID, to correct it`,
    ],
    [
      'a credit memo of an invoice not ready to pay may be withdrawn',
      { purpose: 'creditMemo', status: 'credit', credited_invoice_id: 'INV-A', credited_status: 'exception' },
      null,
      `Credit memo INV-B1 ${RECEIVED}; send operation="delete" to withdraw it`,
    ],
    [
      'a credit memo of an invoice ready to pay stands',
      { purpose: 'creditMemo', status: 'credit', credited_invoice_id: 'INV-A', credited_status: 'matched' },
      'Credit memo INV-B1 credits invoice INV-A, which is ready to pay: it can no longer be withdrawn',
      `Credit memo INV-B1 ${RECEIVED}; it credits invoice INV-A, which is ready to pay`,
    ],
  ])('%s', (_case, overrides, withdrawal, duplicate) => {
    expect(withdrawalRefusal(inForce(overrides))).toBe(withdrawal);
    expect(duplicateRefusal(inForce(overrides))).toBe(duplicate);
  });
});

describe('creditMemoProblem', () => {
  const invoice = {
    invoiceId: 'INV-A',
    lines: [
      { lineNumber: 1, quantity: 10, unitPrice: '5.00' },
      { lineNumber: 2, quantity: 4, unitPrice: '2.50' },
    ],
  };
  const credit = (lineNumber: number, quantity: number, unitPrice = '5.00') => ({
    invoiceLineNumber: 1,
    lineNumber,
    quantity,
    unitPrice,
  });

  it.each<[string, ReturnType<typeof credit>[], ReturnType<typeof credit>[], string | null]>([
    ['a credit within what was billed', [credit(1, -2)], [], null],
    ['all of it', [credit(1, -10)], [], null],
    [
      'an order line the invoice did not bill',
      [credit(3, -1)],
      [],
      'Credit memo line 1: order line 3 is not on invoice INV-A',
    ],
    ['more than billed', [credit(2, -5, '2.50')], [], 'Order line 2: 5 credited, but invoice INV-A billed 4'],
    [
      'more than billed with earlier credit memos',
      [credit(1, -3)],
      [credit(1, -8)],
      'Order line 1: 11 credited (with earlier credit memos), but invoice INV-A billed 10',
    ],
    [
      'a higher amount than billed',
      [credit(2, -4, '3.00')],
      [],
      'Order line 2: $12.00 credited, but invoice INV-A billed $10.00',
    ],
  ])('%s', (_case, lines, before, expected) => {
    expect(creditMemoProblem(lines, invoice, before)).toBe(expected);
  });
});
