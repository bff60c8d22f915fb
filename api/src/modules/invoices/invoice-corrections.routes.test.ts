import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';

import { INVOICE_EXCEEDS_RECEIVED } from '../../contracts/invoices.js';
import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import { invoiceScenarios } from '../../test-support/invoice-scenarios.js';

const testbed = useFulfilmentTestbed();
const db = () => testbed.database.db;
const { invoiceXml, post, receivedOrder, invoicesOf, financeAgent } = invoiceScenarios(testbed);

const lineOne = (quantity: number, unitPrice = '5.00') => [
  { invoiceLineNumber: 1, lineNumber: 1, quantity, unitPrice },
];
const newId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 6)}`;
const newPayloadId = () => `${randomUUID()}@supplier.test`;

/** Waits until `count` sessions of the test database wait for a lock. */
async function waitForLockWaiters(count: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { rows } = await db().raw<{ rows: { waiting: number }[] }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${count} sessions never waited for a lock`);
}

async function receivedDay(order: SentOrder): Promise<string> {
  const [invoice] = await invoicesOf(order);
  const row = await db()('invoices').where({ id: invoice!.id }).first('received_at');
  return new Date(row.received_at).toISOString().slice(0, 10);
}

describe('a supplier invoice number names one invoice in force', () => {
  it('answers the same invoiceID under a new payloadID with 409 naming the first invoice, and stores nothing', async () => {
    const order = await receivedOrder([2]);
    const otherOrder = await receivedOrder([2]);
    const invoiceId = newId('INV-B1');
    const firstPayloadId = newPayloadId();
    const xml = (target: SentOrder, payloadId?: string) =>
      invoiceXml(target, { invoiceId, items: lineOne(2), tax: '0.00' }, payloadId);
    expect(await post(xml(order, firstPayloadId))).toEqual({ code: 200, message: 'Invoice received' });
    const day = await receivedDay(order);

    for (const target of [order, otherOrder]) {
      expect(await post(xml(target))).toEqual({
        code: 409,
        message: `Invoice ${invoiceId} was already received from this supplier on ${day} for ${order.order_number} (payloadID ${firstPayloadId}); it is ready to pay: send a credit memo naming ${invoiceId} in InvoiceIDInfo, with its own invoiceID, to correct it`,
      });
    }
    expect(await invoicesOf(order)).toEqual([expect.objectContaining({ invoice_id: invoiceId, status: 'matched' })]);
    expect(await invoicesOf(otherOrder)).toEqual([]);
    expect(await db()('invoices').where({ invoice_id: invoiceId }).select('id')).toHaveLength(1);
  });

  it('withdraws a waiting invoice with operation="delete", after which its invoiceID can be sent again', async () => {
    const order = await receivedOrder([10], [6]);
    const invoiceId = newId('INV-W');
    const firstPayloadId = newPayloadId();
    const items = lineOne(10);
    expect((await post(invoiceXml(order, { invoiceId, items, tax: '0.00' }, firstPayloadId))).code).toBe(200);
    expect(await invoicesOf(order)).toEqual([expect.objectContaining({ status: 'exception' })]);

    const resent = await post(invoiceXml(order, { invoiceId, items: lineOne(6), tax: '0.00' }));
    expect(resent.code).toBe(409);
    expect(resent.message).toContain(
      `; send operation="delete" to withdraw it or a credit memo naming ${invoiceId} in InvoiceIDInfo to correct it`,
    );

    const withdraw = { invoiceId, items, tax: '0.00', operation: 'delete' as const };
    const wrongReference = await post(invoiceXml(order, { ...withdraw, previousPayloadId: 'other@supplier.test' }));
    expect(wrongReference).toEqual({
      code: 400,
      message: `DocumentReference payloadID other@supplier.test is not the payloadID of ${invoiceId} (${firstPayloadId})`,
    });
    expect((await post(invoiceXml(order, { ...withdraw, previousPayloadId: firstPayloadId }))).code).toBe(200);
    const [withdrawn] = await invoicesOf(order);
    expect(withdrawn).toMatchObject({ status: 'withdrawn' });
    const again = await post(invoiceXml(order, withdraw));
    expect(again.code).toBe(400);
    expect(again.message).toMatch(
      new RegExp(`^operation="delete": no document ${invoiceId} of this supplier is in force \\(it was withdrawn on `),
    );

    expect((await post(invoiceXml(order, { invoiceId, items: lineOne(6), tax: '0.00' }))).code).toBe(200);
    expect(await invoicesOf(order)).toEqual([
      expect.objectContaining({ status: 'withdrawn' }),
      expect.objectContaining({ status: 'matched' }),
    ]);
    const shown = await (await financeAgent()).get(`/api/admin/invoices/${withdrawn!.id}`).expect(200);
    expect(shown.body).toMatchObject({ status: 'withdrawn', is_ready_to_pay: false, withdrawn_at: expect.any(String) });
  });

  it('refuses operation="delete" of an invoice that is ready to pay with 409: a credit memo corrects it', async () => {
    const order = await receivedOrder([2]);
    const invoiceId = newId('INV-P');
    const input = { invoiceId, items: lineOne(2), tax: '0.00' };
    expect((await post(invoiceXml(order, input))).code).toBe(200);
    expect(await post(invoiceXml(order, { ...input, operation: 'delete' }))).toEqual({
      code: 409,
      message: `Invoice ${invoiceId} is ready to pay (matched) and can no longer be withdrawn; send a credit memo naming ${invoiceId} in InvoiceIDInfo to correct it`,
    });
    expect(await invoicesOf(order)).toEqual([expect.objectContaining({ status: 'matched' })]);
  });

  it('takes the invoiceID of an invoice finance disputed again', async () => {
    const order = await receivedOrder([2]);
    const invoiceId = newId('INV-D');
    expect((await post(invoiceXml(order, { invoiceId, items: lineOne(2, '9.00'), tax: '0.00' }))).code).toBe(200);
    const [disputed] = await invoicesOf(order);
    await (
      await financeAgent()
    )
      .post(`/api/admin/invoices/${disputed!.id}/dispute`)
      .send({ note: 'We agreed $5.00' })
      .expect(200);
    expect((await post(invoiceXml(order, { invoiceId, items: lineOne(2), tax: '0.00' }))).code).toBe(200);
    expect(await invoicesOf(order)).toEqual([
      expect.objectContaining({ status: 'disputed' }),
      expect.objectContaining({ status: 'matched' }),
    ]);
  });
});

describe('a credit memo', () => {
  it('is stored against the invoice it names as a negative document, never ready to pay, and exported beside it', async () => {
    const order = await receivedOrder([10]);
    const invoiceId = newId('INV-C');
    const creditId = newId('CM');
    expect((await post(invoiceXml(order, { invoiceId, items: lineOne(10), tax: '0.00' }))).code).toBe(200);
    const credit = (id: string, quantity: number) =>
      invoiceXml(order, {
        invoiceId: id,
        purpose: 'creditMemo',
        creditedInvoiceId: invoiceId,
        items: lineOne(quantity),
        tax: '0.00',
      });
    expect((await post(credit(creditId, -2))).code).toBe(200);

    const [, memo] = await invoicesOf(order);
    expect(memo).toMatchObject({ invoice_id: creditId, purpose: 'creditMemo', status: 'credit' });
    const finance = await financeAgent();
    const shown = await finance.get(`/api/admin/invoices/${memo!.id}`).expect(200);
    expect(shown.body).toMatchObject({
      purpose: 'creditMemo',
      credited_invoice_id: invoiceId,
      status: 'credit',
      is_ready_to_pay: false,
      subtotal_amount: '-10.00',
      due_amount: '-10.00',
      lines: [expect.objectContaining({ line_number: 1, quantity: -2, unit_price: '5.00' })],
    });
    await finance.post(`/api/admin/invoices/${memo!.id}/accept`).send({ note: 'No' }).expect(409);

    expect(await post(credit(newId('CM'), -9))).toEqual({
      code: 400,
      message: `Order line 1: 11 credited (with earlier credit memos), but invoice ${invoiceId} billed 10`,
    });
    expect((await post(credit(invoiceId, -1))).code).toBe(409);
    expect(await invoicesOf(order)).toHaveLength(2);

    const csv = (await finance.get('/api/admin/invoice-exports/ready-to-pay').expect(200)).text;
    const rows = csv.split('\n').filter((line) => line.includes(order.order_number));
    expect(rows).toEqual([
      expect.stringMatching(new RegExp(`^"${invoiceId}",.*,"50.00","matched",.*,$`)),
      expect.stringMatching(new RegExp(`^"${creditId}",.*,"-10.00","credit",.*,"${invoiceId}"$`)),
    ]);
  });
});

describe('what is ready to pay never exceeds what was received', () => {
  it('refuses to accept an exception beyond what was received with 409 INVOICE_EXCEEDS_RECEIVED', async () => {
    const order = await receivedOrder([10], [6]);
    expect((await post(invoiceXml(order, { items: lineOne(10), tax: '0.00' }))).code).toBe(200);
    const [invoice] = await invoicesOf(order);
    const refused = await (
      await financeAgent()
    )
      .post(`/api/admin/invoices/${invoice!.id}/accept`)
      .send({ note: 'Goods on the way' })
      .expect(409);
    expect(refused.body).toMatchObject({
      code: INVOICE_EXCEEDS_RECEIVED,
      message: `Invoice ${invoice!.invoice_id} cannot be accepted: order line 1: 10 would be ready to pay, but 6 received. Dispute it, or wait for the goods.`,
      details: { line_number: 1, invoice_quantity: 10, other_ready_to_pay_quantity: 0, received_quantity: 6 },
    });
    expect(await invoicesOf(order)).toEqual([expect.objectContaining({ status: 'exception' })]);
    expect(await db()('invoice_status_updates').where({ invoice_id: invoice!.id })).toEqual([]);
  });

  it('lets one of two concurrent accepts of invoices over the same received goods pass and refuses the other', async () => {
    const order = await receivedOrder([10]);
    // Both priced 5 % over the order: exceptions finance may accept, each for all 10 received.
    for (const invoiceId of [newId('INV-X'), newId('INV-Y')]) {
      expect((await post(invoiceXml(order, { invoiceId, items: lineOne(10, '5.25'), tax: '0.00' }))).code).toBe(200);
    }
    const invoices = await invoicesOf(order);
    const [first, second] = [await financeAgent(), await financeAgent()];
    // The order is held while both accepts start, so they overlap: each waits for the other's commit.
    const holder = await db().transaction();
    await holder('orders').where({ id: order.id }).forUpdate().first('id');
    const accepting = Promise.all([
      first.post(`/api/admin/invoices/${invoices[0]!.id}/accept`).send({ note: 'Price rise agreed' }),
      second.post(`/api/admin/invoices/${invoices[1]!.id}/accept`).send({ note: 'Price rise agreed' }),
    ]);
    await waitForLockWaiters(2);
    await holder.commit();
    const answers = await accepting;
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe(INVOICE_EXCEEDS_RECEIVED);
    expect((await invoicesOf(order)).map((invoice) => invoice.status).sort()).toEqual(['accepted', 'exception']);
  });

  it('is held by the database too, whoever writes the invoices or the receipts', async () => {
    const waiting = await receivedOrder([10], [6]);
    expect((await post(invoiceXml(waiting, { items: lineOne(10), tax: '0.00' }))).code).toBe(200);
    const [exception] = await invoicesOf(waiting);
    const accept = db().transaction((trx) =>
      trx('invoices')
        .where({ id: exception!.id })
        .update({ status: 'accepted', decided_at: new Date(), decided_by_label: 'hand-written SQL' }),
    );
    await expect(accept).rejects.toMatchObject({ code: '23514', constraint: 'invoices_within_received' });
    expect(await invoicesOf(waiting)).toEqual([expect.objectContaining({ status: 'exception' })]);

    const paid = await receivedOrder([2]);
    expect((await post(invoiceXml(paid, { items: lineOne(2), tax: '0.00' }))).code).toBe(200);
    const removeReceipts = db().transaction((trx) => trx('order_receipts').where({ order_id: paid.id }).delete());
    await expect(removeReceipts).rejects.toMatchObject({ code: '23514', constraint: 'invoices_within_received' });
    expect(await db()('order_receipts').where({ order_id: paid.id })).toHaveLength(1);
  });
});

describe('the ready-to-pay export', () => {
  it('lists a supplier’s invoice number once, however often it is sent and finance tries to accept it', async () => {
    const order = await receivedOrder([10]);
    const otherOrder = await receivedOrder([10]);
    const invoiceId = newId('INV-ONCE');
    const input = { invoiceId, items: lineOne(10, '5.25'), tax: '0.00' };
    expect((await post(invoiceXml(order, input))).code).toBe(200);
    expect((await post(invoiceXml(order, input))).code).toBe(409);
    expect((await post(invoiceXml(otherOrder, input))).code).toBe(409);

    const finance = await financeAgent();
    const [invoice] = await invoicesOf(order);
    const accepts = await Promise.all(
      [1, 2].map(() => finance.post(`/api/admin/invoices/${invoice!.id}/accept`).send({ note: 'Agreed' })),
    );
    expect(accepts.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await finance.post(`/api/admin/invoices/${invoice!.id}/accept`).send({ note: 'Agreed' }).expect(409);

    const csv = (await finance.get('/api/admin/invoice-exports/ready-to-pay').expect(200)).text;
    const rows = csv.split('\n').filter((line) => line.startsWith(`"${invoiceId}","SANDBOX-SUPPLIER",`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`"${order.order_number}"`);
    expect(rows[0]).toContain('"accepted"');
  });
});
