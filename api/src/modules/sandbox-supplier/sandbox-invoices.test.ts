import { describe, expect, it } from '@jest/globals';

import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import { testConfig, testContext } from '../../test-support/test-context.js';
import { isOverpricedInvoice } from './sandbox-documents.rules.js';
import { sendDueSandboxDocuments } from './sandbox-documents.service.js';

const SANDBOX_TIMING = {
  SANDBOX_CONFIRM_AFTER_S: '0',
  SANDBOX_SHIP_AFTER_S: '0',
  SANDBOX_BACKORDER_SHARE: '0',
  SANDBOX_INVOICE_AFTER_S: '0',
};
const testbed = useFulfilmentTestbed({ env: SANDBOX_TIMING });

/** The sandbox's documents job as it runs `afterS` seconds from now, with the given share of overpriced invoices. */
function sandboxJob(overpriceShare: string, afterS = 0) {
  return testContext(testbed.database.db, {
    config: testConfig({
      PUBLIC_URL: testbed.baseUrl,
      ...SANDBOX_TIMING,
      SANDBOX_INVOICE_OVERPRICE_SHARE: overpriceShare,
    }),
    now: () => new Date(Date.now() + afterS * 1000),
  });
}

async function receiveAll(order: SentOrder, quantity: number) {
  await order.requester.agent
    .post(`/api/orders/${order.id}/receipts`)
    .send({ lines: [{ line_number: 1, quantity }] })
    .expect(201);
}

const invoiceOf = (order: SentOrder) =>
  testbed.database.db('invoices').where({ order_id: order.id }).first('id', 'invoice_id', 'status');

describe('the sandbox supplier invoices what it shipped', () => {
  it('waits until the ward received the goods, then sends an invoice at the order’s prices that matches', async () => {
    const order = await testbed.sentOrder([3]);
    expect(await sendDueSandboxDocuments(sandboxJob('0'))).toEqual({ sent: 1, failed: 0 });
    expect(await sendDueSandboxDocuments(sandboxJob('0'))).toEqual({ sent: 1, failed: 0 });
    expect(await sendDueSandboxDocuments(sandboxJob('0'))).toEqual({ sent: 0, failed: 0 });
    expect(await invoiceOf(order)).toBeUndefined();

    await receiveAll(order, 3);
    expect(await sendDueSandboxDocuments(sandboxJob('0', 11))).toEqual({ sent: 1, failed: 0 });
    expect(await invoiceOf(order)).toMatchObject({ invoice_id: `SBX-I-${order.order_number}`, status: 'matched' });
    const row = await testbed.database
      .db('sandbox_supplier_documents')
      .where({ order_id: order.order_number, kind: 'invoice' })
      .first('attempts', 'last_status');
    expect(row).toEqual({ attempts: 1, last_status: 200 });
  });

  it('prices the configured share of its invoices 5 % above the order, which finance sees as an exception', async () => {
    const order = await testbed.sentOrder([2]);
    await sendDueSandboxDocuments(sandboxJob('1'));
    await sendDueSandboxDocuments(sandboxJob('1'));
    await receiveAll(order, 2);
    expect(await sendDueSandboxDocuments(sandboxJob('1', 11))).toEqual({ sent: 1, failed: 0 });
    const invoice = await invoiceOf(order);
    expect(invoice.status).toBe('exception');
    const line = await testbed.database.db('invoice_lines').where({ invoice_id: invoice.id }).first();
    expect(line).toMatchObject({ unit_price: '5.25', order_unit_price: '5.00' });
    expect(line.reasons).toEqual(["Unit price $5.25 is 5 % above the order's $5.00 (tolerance 2 %)"]);
  });

  it('overprices about the configured share of orders, always the same ones', () => {
    const ids = Array.from({ length: 2000 }, (_unused, index) => `payload-${index}@supplyhub`);
    const share = ids.filter((id) => isOverpricedInvoice(id, 0.1)).length / ids.length;
    expect(share).toBeGreaterThan(0.07);
    expect(share).toBeLessThan(0.13);
  });
});
