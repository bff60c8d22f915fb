import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';
import type request from 'supertest';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { testConfig, testContext } from '../../test-support/test-context.js';
import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import { invoiceScenarios } from '../../test-support/invoice-scenarios.js';
import { validateWithXmllint } from '../../test-support/xmllint.js';
import { sendDueInvoiceStatusUpdates } from './invoices.service.js';

const testbed = useFulfilmentTestbed();
const db = () => testbed.database.db;
const { invoiceXml, post, receivedOrder, invoicesOf, financeAgent } = invoiceScenarios(testbed);

async function invoiceOf(order: SentOrder, agent: request.Agent) {
  const [row] = await invoicesOf(order);
  const response = await agent.get(`/api/admin/invoices/${row!.id}`).expect(200);
  return response.body;
}

describe('POST /api/cxml/inbound with an InvoiceDetailRequest', () => {
  it('matches an exact invoice: ready to pay, and the supplier is told "reconciled" with a DTD-valid StatusUpdateRequest', async () => {
    const order = await receivedOrder();
    expect(await post(invoiceXml(order, { invoiceId: 'INV-EXACT-1' }))).toEqual({
      code: 200,
      message: 'Invoice received',
    });
    const invoice = await invoiceOf(order, await financeAgent());
    expect(invoice).toMatchObject({
      invoice_id: 'INV-EXACT-1',
      order_number: order.order_number,
      status: 'matched',
      is_ready_to_pay: true,
      subtotal_amount: '70.00',
      tax_amount: '5.60',
      due_amount: '75.60',
      reasons: [],
      supplier_answer: { type: 'reconciled', state: 'sent', attempts: 1, last_error: null },
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        line_number: 1,
        quantity: 10,
        unit_price: '5.00',
        order_unit_price: '5.00',
        received_quantity: 10,
        reasons: [],
      }),
      expect.objectContaining({ line_number: 2, quantity: 4, received_quantity: 4, reasons: [] }),
    ]);
    const update = await db()('invoice_status_updates').where({ invoice_id: invoice.id }).first();
    expect(update).toMatchObject({ status_type: 'reconciled', http_status: 200 });
    expect(update.request_xml).toContain('<InvoiceStatus type="reconciled">');
    expect(update.request_xml).toContain('<InvoiceIDInfo invoiceID="INV-EXACT-1"');
    expect(update.request_xml).not.toContain('sandbox-secret-123');
    expect(validateWithXmllint(update.request_xml, 'cXML.dtd')).toEqual({ isValid: true, errors: '' });
  });

  it('matches a price within the tolerance (2 %) and holds one over it as an exception with the line’s reason', async () => {
    const within = await receivedOrder([10]);
    const items = (unitPrice: string) => [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice }];
    expect((await post(invoiceXml(within, { items: items('5.10'), tax: '0.00' }))).code).toBe(200);
    expect(await invoicesOf(within)).toEqual([expect.objectContaining({ status: 'matched' })]);

    const over = await receivedOrder([10]);
    expect((await post(invoiceXml(over, { items: items('5.25'), tax: '0.00' }))).code).toBe(200);
    const invoice = await invoiceOf(over, await financeAgent());
    expect(invoice).toMatchObject({ status: 'exception', is_ready_to_pay: false, reasons: [], supplier_answer: null });
    expect(invoice.lines[0].reasons).toEqual(["Unit price $5.25 is 5 % above the order's $5.00 (tolerance 2 %)"]);
  });

  it('holds an invoice for more than was received as an exception', async () => {
    const order = await testbed.sentOrder([10, 4]);
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 6 }] })
      .expect(201);
    expect((await post(invoiceXml(order))).code).toBe(200);
    const invoice = await invoiceOf(order, await financeAgent());
    expect(invoice.status).toBe('exception');
    expect(invoice.lines.map((line: { reasons: string[] }) => line.reasons)).toEqual([
      ['Order line 1: 10 invoiced, but 6 received'],
      ['Order line 2: 4 invoiced, but 0 received'],
    ]);
  });

  it('matches an invoice again when the goods it waited for arrive: ready to pay, and the supplier told "reconciled"', async () => {
    const order = await testbed.sentOrder([10, 4]);
    const receive = (lines: { line_number: number; quantity: number }[]) =>
      order.requester.agent.post(`/api/orders/${order.id}/receipts`).send({ lines }).expect(201);
    expect((await post(invoiceXml(order, { invoiceId: 'INV-EARLY-1' }))).code).toBe(200);
    const finance = await financeAgent();
    expect((await invoiceOf(order, finance)).status).toBe('exception');

    // Part of it: still an exception, with the received quantities and reasons of now.
    await receive([{ line_number: 1, quantity: 10 }]);
    const waiting = await invoiceOf(order, finance);
    expect(waiting).toMatchObject({ status: 'exception', supplier_answer: null });
    expect(waiting.lines.map((line: { received_quantity: number; reasons: string[] }) => line)).toEqual([
      expect.objectContaining({ received_quantity: 10, reasons: [] }),
      expect.objectContaining({ received_quantity: 0, reasons: ['Order line 2: 4 invoiced, but 0 received'] }),
    ]);

    // The rest: it matches, is ready to pay, and the supplier hears "reconciled" once.
    await receive([{ line_number: 2, quantity: 4 }]);
    const matched = await invoiceOf(order, finance);
    expect(matched).toMatchObject({
      status: 'matched',
      is_ready_to_pay: true,
      reasons: [],
      supplier_answer: { type: 'reconciled', state: 'sent', attempts: 1 },
    });
    expect(matched.lines.map((line: { reasons: string[] }) => line.reasons)).toEqual([[], []]);
    expect(await db()('invoice_status_updates').where({ invoice_id: matched.id }).select('status_type')).toEqual([
      { status_type: 'reconciled' },
    ]);
  });

  it('keeps a price exception waiting for finance when the goods arrive', async () => {
    const order = await testbed.sentOrder([10]);
    const items = [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.50' }];
    expect((await post(invoiceXml(order, { items, tax: '0.00' }))).code).toBe(200);
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 10 }] })
      .expect(201);
    const invoice = await invoiceOf(order, await financeAgent());
    expect(invoice).toMatchObject({ status: 'exception', supplier_answer: null });
    expect(invoice.lines[0]).toMatchObject({
      received_quantity: 10,
      reasons: ["Unit price $5.50 is 10 % above the order's $5.00 (tolerance 2 %)"],
    });
  });

  it('holds an invoice whose totals do not add up as an exception', async () => {
    const order = await receivedOrder([10]);
    const items = [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.00' }];
    expect((await post(invoiceXml(order, { items, tax: '4.00', net: '60.00' }))).code).toBe(200);
    const invoice = await invoiceOf(order, await financeAgent());
    expect(invoice.reasons).toEqual([
      'SubtotalAmount $50.00 + Tax $4.00 is $54.00, but GrossAmount is $60.00',
      'SubtotalAmount $50.00 + Tax $4.00 is $54.00, but NetAmount is $60.00',
      'SubtotalAmount $50.00 + Tax $4.00 is $54.00, but DueAmount is $60.00',
    ]);
  });

  it.each<[string, (xml: string) => string, string]>([
    [
      'an element the portal does not support',
      (xml) =>
        xml.replace('<NetAmount>', '<ShippingAmount><Money currency="USD">9.00</Money></ShippingAmount><NetAmount>'),
      'InvoiceDetailRequest: element ShippingAmount is not supported in InvoiceDetailSummary',
    ],
    [
      'a debit memo',
      (xml) => xml.replace('purpose="standard"', 'purpose="debitMemo"'),
      'InvoiceDetailRequestHeader purpose "debitMemo" is not supported: send a standard invoice or a credit memo (no debit memos)',
    ],
    [
      'a credit memo that names no invoice it credits',
      (xml) => xml.replace('purpose="standard"', 'purpose="creditMemo"'),
      'A credit memo names the invoice it credits in InvoiceDetailRequestHeader/InvoiceIDInfo@invoiceID',
    ],
    [
      'no summary',
      (xml) => xml.replace(/<InvoiceDetailSummary>[\s\S]*<\/InvoiceDetailSummary>/, ''),
      'InvoiceDetailRequest: InvoiceDetailRequest has 0 InvoiceDetailSummary; it takes exactly one',
    ],
    [
      'a line without its reference',
      (xml) => xml.replace(/<InvoiceDetailItemReference lineNumber="2"\/>/, ''),
      'InvoiceDetailRequest: InvoiceDetailItem has 0 InvoiceDetailItemReference; it takes exactly one',
    ],
    [
      'a line of no order line',
      (xml) => xml.replace('lineNumber="2"', 'lineNumber="7"'),
      'Invoice line 2: lineNumber 7 is not a line of ',
    ],
    [
      'a price that is no amount',
      (xml) => xml.replace('>5.00</Money>', '>five</Money>'),
      'UnitPrice of invoice line 1 is not an amount (got "five")',
    ],
    [
      'another currency',
      (xml) => xml.replaceAll('currency="USD"', 'currency="EUR"'),
      'Invoices are paid in USD; this one is in EUR',
    ],
  ])('refuses %s with 400 and a text naming it, storing nothing', async (_case, mangle, message) => {
    const order = await receivedOrder();
    const answer = await post(mangle(invoiceXml(order)));
    expect(answer.code).toBe(400);
    expect(answer.message).toContain(message);
    expect(await invoicesOf(order)).toEqual([]);
  });

  it('refuses an invoice of an order that is not ours with 400', async () => {
    const order = await receivedOrder([1]);
    const xml = invoiceXml({ ...order, order_number: 'SO-999999', payload_id: 'not-ours@elsewhere' });
    expect(await post(xml)).toEqual({
      code: 400,
      message: 'No order of ours has orderID SO-999999 or payloadID not-ours@elsewhere',
    });
    expect(await db()('invoices').where({ invoice_id: 'SO-999999' })).toEqual([]);
  });

  it('answers the same document again with the same 200 and stores it once; another document with its payloadID is a 409', async () => {
    const order = await receivedOrder();
    const payloadId = `${randomUUID()}@supplier.test`;
    const xml = invoiceXml(order, { invoiceId: 'INV-REPLAY' }, payloadId);
    const answers = await Promise.all([post(xml), post(xml), post(xml)]);
    expect(answers).toEqual(Array(3).fill({ code: 200, message: 'Invoice received' }));
    expect(await invoicesOf(order)).toHaveLength(1);
    const other = await post(invoiceXml(order, { invoiceId: 'INV-OTHER' }, payloadId));
    expect(other.code).toBe(409);
    expect(await invoicesOf(order)).toHaveLength(1);
  });
});

describe('the finance queue: accept, dispute, ready-to-pay CSV', () => {
  async function exceptionInvoice(receiver: request.Agent) {
    const order = await testbed.sentOrder([10]);
    await receiver
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 10 }] })
      .expect(201);
    const items = [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.25' }];
    expect((await post(invoiceXml(order, { items, tax: '0.00' }))).code).toBe(200);
    const [row] = await invoicesOf(order);
    return { order, id: row!.id as string };
  }

  it('lists exceptions for finance with their reasons, and refuses a nurse', async () => {
    const { agent: receiver } = await signedInAgent(testbed.app, db(), ['admin']);
    const { id } = await exceptionInvoice(receiver);
    const finance = await financeAgent();
    const list = await finance
      .get('/api/admin/invoices')
      .query({ filter: JSON.stringify({ status: 'exception' }), range: '[0,199]' })
      .expect(200);
    expect(list.headers['content-range']).toMatch(/^invoices 0-\d+\/\d+$/);
    const row = list.body.find((invoice: { id: string }) => invoice.id === id);
    expect(row.lines[0].reasons).toEqual(["Unit price $5.25 is 5 % above the order's $5.00 (tolerance 2 %)"]);
    expect(list.body.every((invoice: { status: string }) => invoice.status === 'exception')).toBe(true);
    const { agent: nurse } = await signedInAgent(testbed.app, db(), ['nurse']);
    await nurse.get('/api/admin/invoices').expect(403);
    await nurse.post(`/api/admin/invoices/${id}/accept`).send({ note: 'Fine' }).expect(403);
    await finance.get('/api/admin/invoices/not-a-uuid').expect(400);
    await finance.get(`/api/admin/invoices/${randomUUID()}`).expect(404);
  });

  it('refuses the person who received the goods (403); another accepts with a note and the supplier is told "reconciled"', async () => {
    const { agent: receiver } = await signedInAgent(testbed.app, db(), ['admin']);
    const { id } = await exceptionInvoice(receiver);
    const refused = await receiver
      .post(`/api/admin/invoices/${id}/accept`)
      .send({ note: 'Price agreed by phone' })
      .expect(403);
    expect(refused.body).toMatchObject({
      code: 'INVOICE_SEPARATION_OF_DUTIES',
      message:
        'You received goods of this order, so you cannot accept its invoice exception: another member of finance must.',
    });
    expect(await db()('invoices').where({ id }).first('status')).toEqual({ status: 'exception' });

    const finance = await financeAgent();
    const noNote = await finance.post(`/api/admin/invoices/${id}/accept`).send({ note: ' ' }).expect(400);
    expect(noNote.body.errors).toMatchObject({ note: 'Write a note saying why' });
    const accepted = await finance
      .post(`/api/admin/invoices/${id}/accept`)
      .send({ note: 'Price agreed by phone' })
      .expect(200);
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      is_ready_to_pay: true,
      decision_note: 'Price agreed by phone',
      decided_by: expect.stringContaining('@'),
      supplier_answer: { type: 'reconciled', state: 'sent' },
    });
    const again = await finance.post(`/api/admin/invoices/${id}/dispute`).send({ note: 'Changed my mind' }).expect(409);
    expect(again.body.code).toBe('INVOICE_NOT_AN_EXCEPTION');
    const audit = await db()('audit_events').where({ action: 'invoice.accept', target_id: id }).first();
    expect(audit).toBeDefined();
  });

  it('disputes with a note: the supplier is told "rejected" with it, and the receiver may dispute', async () => {
    const { agent: receiver } = await signedInAgent(testbed.app, db(), ['admin']);
    const { id } = await exceptionInvoice(receiver);
    const disputed = await receiver
      .post(`/api/admin/invoices/${id}/dispute`)
      .send({ note: 'We agreed $5.00' })
      .expect(200);
    expect(disputed.body).toMatchObject({
      status: 'disputed',
      is_ready_to_pay: false,
      supplier_answer: { type: 'rejected', state: 'sent' },
    });
    const update = await db()('invoice_status_updates').where({ invoice_id: id }).first();
    expect(update.request_xml).toContain('<InvoiceStatus type="rejected">');
    expect(update.request_xml).toContain('We agreed $5.00');
    expect(validateWithXmllint(update.request_xml, 'cXML.dtd')).toEqual({ isValid: true, errors: '' });
  });

  it('exports the ready-to-pay list as CSV, formulas neutralised', async () => {
    const order = await receivedOrder([2]);
    const items = [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 2, unitPrice: '5.00' }];
    const invoiceId = `=HYPERLINK("http://x")-${randomUUID().slice(0, 4)}`;
    expect((await post(invoiceXml(order, { invoiceId, items, tax: '0.80' }))).code).toBe(200);
    const excluded = await receivedOrder([2]);
    const overpriced = [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 2, unitPrice: '9.00' }];
    expect(
      (await post(invoiceXml(excluded, { invoiceId: 'INV-NOT-READY', items: overpriced, tax: '0.00' }))).code,
    ).toBe(200);

    const response = await (await financeAgent()).get('/api/admin/invoice-exports/ready-to-pay').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ready-to-pay-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toBe(
      '"invoice_id","supplier_identity","order_number","invoice_date","currency","subtotal_amount","tax_amount","due_amount","status","decided_by","decision_note","received_at","credited_invoice_id"',
    );
    const row = lines.find((line) => line.includes(order.order_number));
    expect(row).toMatch(
      new RegExp(
        `^"'=HYPERLINK\\(""http://x""\\)-[0-9a-f]{4}","SANDBOX-SUPPLIER","${order.order_number}","2026-11-27","USD","10.00","0.80","10.80","matched",,,"20\\d\\d-`,
      ),
    );
    expect(response.text).not.toContain('INV-NOT-READY');
  });

  it('keeps the price tolerance as a setting that admins change and new invoices use', async () => {
    const finance = await financeAgent();
    expect((await finance.get('/api/admin/invoice-settings').expect(200)).body).toEqual({ price_tolerance_percent: 2 });
    await finance.put('/api/admin/invoice-settings').send({ price_tolerance_percent: 10 }).expect(403);
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
    await admin.put('/api/admin/invoice-settings').send({ price_tolerance_percent: 60 }).expect(400);
    await admin.put('/api/admin/invoice-settings').send({ price_tolerance_percent: 6 }).expect(200);
    try {
      const order = await receivedOrder([10]);
      const items = [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 10, unitPrice: '5.25' }];
      expect((await post(invoiceXml(order, { items, tax: '0.00' }))).code).toBe(200);
      expect(await invoicesOf(order)).toEqual([expect.objectContaining({ status: 'matched' })]);
    } finally {
      await admin.put('/api/admin/invoice-settings').send({ price_tolerance_percent: 2 }).expect(200);
    }
  });

  it('keeps the answer to the supplier when it cannot be delivered, and the job delivers it later with the same payloadID', async () => {
    const settings = () => db()('punchout_settings').where({ id: 1 });
    const { test_punchout_url: targetUrl } = await settings().first('test_punchout_url');
    const order = await receivedOrder([1]);
    await settings().update({ test_punchout_url: 'http://127.0.0.1:9/cxml' });
    let invoiceId: string;
    try {
      const items = [{ invoiceLineNumber: 1, lineNumber: 1, quantity: 1, unitPrice: '5.00' }];
      expect((await post(invoiceXml(order, { items, tax: '0.00' }))).code).toBe(200);
      invoiceId = (await invoicesOf(order))[0]!.id;
    } finally {
      await settings().update({ test_punchout_url: targetUrl });
    }
    const queued = await db()('invoice_status_updates').where({ invoice_id: invoiceId }).first();
    expect(queued).toMatchObject({ sent_at: null, attempts: 1, status_type: 'reconciled' });
    expect(queued.last_error).toContain('not allowed');

    const job = (afterS: number) =>
      testContext(db(), {
        config: testConfig({ PUBLIC_URL: testbed.baseUrl, SUPPLIER_ALLOWED_HOSTS: new URL(testbed.baseUrl).host }),
        now: () => new Date(Date.now() + afterS * 1000),
      });
    expect(await sendDueInvoiceStatusUpdates(job(0))).toEqual({ sent: 0, failed: 0 });
    expect(await sendDueInvoiceStatusUpdates(job(31))).toEqual({ sent: 1, failed: 0 });
    const sent = await db()('invoice_status_updates').where({ invoice_id: invoiceId }).first();
    expect(sent).toMatchObject({ payload_id: queued.payload_id, attempts: 2, http_status: 200, last_error: null });
    expect(sent.sent_at).not.toBeNull();
  });
});
