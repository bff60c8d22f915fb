import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';
import type request from 'supertest';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { useFulfilmentTestbed, type SentOrder, INBOUND_SECRET } from '../../test-support/fulfilment-testbed.js';
import { validateWithXmllint } from '../../test-support/xmllint.js';
import {
  buildConfirmationRequestXml,
  buildShipNoticeRequestXml,
  buildStatusUpdateRequestXml,
  type ConfirmationInput,
  type ShipNoticeInput,
  type SupplierDocumentHeader,
} from '../supplier/cxml/cxml-supplier-documents.js';
import { readOrderFulfilment } from './fulfilment.service.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const testbed = useFulfilmentTestbed();
const { sentOrder } = testbed;
const header = (overrides: Partial<SupplierDocumentHeader> = {}) => testbed.supplierHeader(NOW, overrides);
const post = (xml: string, contentType?: string) => testbed.postDocument(xml, contentType);

const reference = (order: SentOrder) => ({ orderId: order.order_number, payloadId: order.payload_id });

function confirmation(order: SentOrder, input: Partial<ConfirmationInput> = {}, head = header()) {
  const xml = buildConfirmationRequestXml(head, { type: 'accept', noticeDate: NOW, order: reference(order), ...input });
  expect(validateWithXmllint(xml, 'Fulfill.dtd')).toEqual({ isValid: true, errors: '' });
  return xml;
}

function shipNotice(order: SentOrder, input: Partial<ShipNoticeInput> = {}, head = header()) {
  const xml = buildShipNoticeRequestXml(head, {
    shipmentId: 'SHIP-1',
    noticeDate: NOW,
    shipmentDate: NOW,
    deliveryDate: new Date('2026-11-30T12:00:00Z'),
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    portions: [
      {
        order: reference(order),
        items: [{ lineNumber: 1, quantity: 10, lot: 'LOT-42', expiryDate: new Date('2028-03-31T00:00:00Z') }],
      },
    ],
    ...input,
  });
  expect(validateWithXmllint(xml, 'Fulfill.dtd')).toEqual({ isValid: true, errors: '' });
  return xml;
}

/** The cXML Status of an answer, which must be a cXML document whatever happened. */
function statusOf(response: request.Response): { code: number; text: string; message: string } {
  expect(response.headers['content-type']).toMatch(/^text\/xml/);
  const match =
    /<Status code="(\d+)" text="([^"]*)"[^>]*>([\s\S]*?)<\/Status>|<Status code="(\d+)" text="([^"]*)"[^>]*\/>/.exec(
      response.text,
    );
  if (!match) throw new Error(`no cXML Status in: ${response.text.slice(0, 300)}`);
  const code = Number(match[1] ?? match[4]);
  expect(response.status).toBe(code);
  return { code, text: match[2] ?? match[5] ?? '', message: decodeXmlText((match[3] ?? '').trim()) };
}

function decodeXmlText(text: string): string {
  const entities: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };
  return text.replace(/&(quot|apos|lt|gt|amp);/g, (_match, name: string) => entities[name]!);
}

/** The requester's mails about this order after the approval mail. */
const mailsAbout = async (order: SentOrder) =>
  (await testbed.database
    .db('email_outbox')
    .whereLike('subject', `%${order.order_number}%`)
    .whereNotIn('template', ['order-submitted', 'order-new'])
    .select('subject', 'text_body')) as { subject: string; text_body: string }[];

const fulfilmentOf = async (order: SentOrder) => (await readOrderFulfilment(testbed.database.db, order.id, NOW))!;
const countRows = async (table: string, orderId: string) =>
  Number(
    (await testbed.database.db(table).where({ order_id: orderId }).count<{ count: string }[]>('* as count'))[0]!.count,
  );

describe('POST /api/cxml/inbound: confirmations', () => {
  it('applies a whole-order accept: 200 in cXML, the order confirmed, the document logged with its secret redacted', async () => {
    const order = await sentOrder();
    const xml = confirmation(order);
    expect(statusOf(await post(xml))).toMatchObject({ code: 200, text: 'OK' });
    const fulfilment = await fulfilmentOf(order);
    expect(fulfilment.fulfilment_status).toBe('confirmed');
    expect(fulfilment.lines.map((line) => line.confirmed_quantity)).toEqual([10, 4]);
    expect(fulfilment.events.map((event) => event.type)).toEqual(['submitted', 'approved', 'sent', 'confirmed']);
    const logged = await testbed.database.db('inbound_documents').where({ order_id: order.id }).first();
    expect(logged).toMatchObject({ document_type: 'ConfirmationRequest', status_code: 200, is_applied: true });
    expect(logged.raw_document).toContain('<SharedSecret>[redacted]</SharedSecret>');
    expect(logged.raw_document).not.toContain(INBOUND_SECRET);
  });

  it('records a partial backorder with its date and a supplier rejection with its reason', async () => {
    const order = await sentOrder();
    const xml = confirmation(order, {
      type: 'detail',
      items: [
        {
          lineNumber: 1,
          quantity: 10,
          statuses: [
            { type: 'accept', quantity: 6 },
            { type: 'backordered', quantity: 4, deliveryDate: new Date('2026-12-10T00:00:00Z') },
          ],
        },
        {
          lineNumber: 2,
          quantity: 4,
          statuses: [{ type: 'reject', quantity: 4, comments: 'Discontinued by the manufacturer' }],
        },
      ],
    });
    expect(statusOf(await post(xml)).code).toBe(200);
    const fulfilment = await fulfilmentOf(order);
    expect(fulfilment.fulfilment_status).toBe('backordered');
    expect(fulfilment.lines[0]).toMatchObject({
      confirmed_quantity: 6,
      backordered_quantity: 4,
      delivery_date: '2026-12-10T00:00:00.000Z',
    });
    expect(fulfilment.lines[1]).toMatchObject({
      rejected_quantity: 4,
      rejection_reason: 'Discontinued by the manufacturer',
    });
    const mails = new Map((await mailsAbout(order)).map((mail) => [mail.subject, mail.text_body]));
    expect([...mails.keys()].sort()).toEqual(
      [
        `Items of order ${order.order_number} are backordered`,
        `Order ${order.order_number} confirmed by the supplier`,
        `The supplier rejected items of order ${order.order_number}`,
      ].sort(),
    );
    // Each mail names the items, and the rejection says it is one item of the order, not the order.
    const [first, second] = await testbed.database
      .db('order_items')
      .where({ order_id: order.id })
      .orderBy('line_number')
      .pluck('title');
    expect(mails.get(`Items of order ${order.order_number} are backordered`)).toContain(
      `- 4 × ${first} (line 1), expected Dec 10, 2026`,
    );
    expect(mails.get(`The supplier rejected items of order ${order.order_number}`)).toContain(
      `The supplier rejected an item of your order ${order.order_number}:\n- 4 × ${second} (line 2) — Discontinued by the manufacturer`,
    );
  });

  it.each([
    [
      'a line the order does not have',
      {
        type: 'detail' as const,
        items: [{ lineNumber: 3, quantity: 1, statuses: [{ type: 'accept' as const, quantity: 1 }] }],
      },
      /lineNumber 3 is not a line of SO-/,
    ],
    [
      'statuses that do not add up to the quantity',
      {
        type: 'detail' as const,
        items: [{ lineNumber: 1, quantity: 10, statuses: [{ type: 'accept' as const, quantity: 7 }] }],
      },
      /quantities of line 1 add up to 7, not its quantity 10/,
    ],
    [
      'a reject header with items',
      {
        type: 'reject' as const,
        items: [{ lineNumber: 1, quantity: 10, statuses: [{ type: 'reject' as const, quantity: 10 }] }],
      },
      /"reject" rejects the whole order and carries no ConfirmationItem/,
    ],
    ['an update naming no earlier version', { operation: 'update' as const }, /names the version it replaces/],
  ])('refuses %s with 400 naming the problem, and applies nothing', async (_name, input, message) => {
    const order = await sentOrder();
    const answer = statusOf(await post(confirmation(order, input)));
    expect(answer.code).toBe(400);
    expect(answer.message).toMatch(message);
    expect(await countRows('supplier_confirmations', order.id)).toBe(0);
    // The approval's own event is the only one: the supplier's document added none.
    expect(await testbed.database.db('order_events').where({ order_id: order.id }).pluck('event_type')).toEqual([
      'approved',
    ]);
  });

  it('finds the order by either reference, and refuses two references that disagree', async () => {
    const [first, second] = [await sentOrder(), await sentOrder()];
    const mixed = buildConfirmationRequestXml(header(), {
      type: 'accept',
      noticeDate: NOW,
      order: { orderId: first.order_number, payloadId: second.payload_id },
    });
    const answer = statusOf(await post(mixed));
    expect(answer).toMatchObject({ code: 400 });
    expect(answer.message).toContain(
      `orderID ${first.order_number} and DocumentReference payloadID ${second.payload_id} do not name the same order`,
    );
    const byPayloadOnly = buildConfirmationRequestXml(header(), {
      type: 'accept',
      noticeDate: NOW,
      order: { orderId: first.order_number, payloadId: first.payload_id },
    }).replace(` orderID="${first.order_number}"`, '');
    expect(statusOf(await post(byPayloadOnly)).code).toBe(200);
    const unknown = statusOf(await post(confirmation({ ...first, order_number: 'SO-999999', payload_id: 'nobody@x' })));
    expect(unknown).toMatchObject({
      code: 400,
      message: 'No order of ours has orderID SO-999999 or payloadID nobody@x',
    });
  });

  it('replaces the earlier version with operation="update"', async () => {
    const order = await sentOrder();
    const first = header();
    await post(
      confirmation(
        order,
        {
          type: 'detail',
          confirmId: 'C-1',
          items: [{ lineNumber: 1, quantity: 10, statuses: [{ type: 'backordered', quantity: 10 }] }],
        },
        first,
      ),
    );
    expect((await fulfilmentOf(order)).fulfilment_status).toBe('backordered');
    const update = confirmation(order, {
      type: 'accept',
      operation: 'update',
      confirmId: 'C-1',
      previousPayloadId: first.payloadId,
    });
    expect(statusOf(await post(update)).code).toBe(200);
    const fulfilment = await fulfilmentOf(order);
    expect(fulfilment.fulfilment_status).toBe('confirmed');
    expect(fulfilment.lines[0]).toMatchObject({ confirmed_quantity: 10, backordered_quantity: 0 });
    expect(fulfilment.events.map((event) => event.type)).toContain('confirmation_updated');
  });

  it('flags a price change in a detail confirmation for review instead of applying it', async () => {
    const order = await sentOrder([2]);
    const xml = confirmation(order, {
      type: 'detail',
      items: [{ lineNumber: 1, quantity: 2, statuses: [{ type: 'detail', quantity: 2, unitPrice: '6.25' }] }],
    });
    expect(statusOf(await post(xml)).code).toBe(200);
    expect((await fulfilmentOf(order)).lines[0]?.needs_review).toEqual({
      old_unit_price: '5.00',
      new_unit_price: '6.25',
      old_supplier_part_id: expect.any(String),
      new_supplier_part_id: null,
    });
    expect((await testbed.database.db('order_items').where({ order_id: order.id }).first()).unit_price).toBe('5.00');
  });
});

describe('POST /api/cxml/inbound: idempotency on payloadID', () => {
  it('answers the same document again with the same 200 and no second effect; another document on that payloadID gets 409', async () => {
    const order = await sentOrder();
    const head = header();
    const xml = confirmation(order, {}, head);
    const first = statusOf(await post(xml));
    const again = statusOf(await post(xml));
    expect(again).toEqual(first);
    expect(await countRows('supplier_confirmations', order.id)).toBe(1);
    const other = confirmation(order, { type: 'reject' }, head);
    expect(statusOf(await post(other))).toMatchObject({
      code: 409,
      message: `payloadID ${head.payloadId} was already used for a different document`,
    });
    expect((await fulfilmentOf(order)).fulfilment_status).toBe('confirmed');
  });

  it('applies ten simultaneous posts of one ship notice exactly once', async () => {
    const order = await sentOrder();
    const xml = shipNotice(order);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(xml)));
    expect(answers.map((response) => statusOf(response).code)).toEqual(Array(10).fill(200));
    expect(await countRows('shipments', order.id)).toBe(1);
    expect((await fulfilmentOf(order)).lines[0]?.shipped_quantity).toBe(10);
  });
});

describe('POST /api/cxml/inbound: ship notices', () => {
  it('records carrier, tracking link, dates and lots, and refuses shipping more than remains', async () => {
    const order = await sentOrder();
    expect(statusOf(await post(shipNotice(order))).code).toBe(200);
    const fulfilment = await fulfilmentOf(order);
    expect(fulfilment.fulfilment_status).toBe('partially_shipped');
    expect(fulfilment.shipments).toEqual([
      {
        shipment_id: 'SHIP-1',
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        shipment_date: NOW.toISOString(),
        delivery_date: '2026-11-30T12:00:00.000Z',
        lines: [{ line_number: 1, quantity: 10, lot: 'LOT-42', expiry_date: '2028-03-31' }],
      },
    ]);
    expect(fulfilment.lines[0]?.lots).toEqual([{ lot: 'LOT-42', expiry_date: '2028-03-31' }]);
    const [shippedMail] = await mailsAbout(order);
    expect(shippedMail?.subject).toBe(`Order ${order.order_number} has shipped`);
    expect(shippedMail?.text_body).toContain('Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const tooMany = shipNotice(order, {
      shipmentId: 'SHIP-2',
      portions: [
        {
          order: reference(order),
          items: [
            { lineNumber: 1, quantity: 1 },
            { lineNumber: 2, quantity: 5 },
          ],
        },
      ],
    });
    const answer = statusOf(await post(tooMany));
    expect(answer.code).toBe(400);
    expect(answer.message).toMatch(/Line 1 of SO-\d+: 1 shipped, but only 0 of 10 remain to ship/);
    expect(await countRows('shipments', order.id)).toBe(1);
  });

  it('replaces a notice with operation="update" and withdraws it with operation="delete"', async () => {
    const order = await sentOrder();
    const first = header();
    await post(shipNotice(order, {}, first));
    const updateHead = header();
    const update = shipNotice(
      order,
      {
        operation: 'update',
        previousPayloadId: first.payloadId,
        carrier: 'Acme Freight',
        trackingNumber: 'AF-1',
        trackingUrl: 'https://track.acme.test/AF-1',
        portions: [
          {
            order: reference(order),
            items: [
              { lineNumber: 1, quantity: 10 },
              { lineNumber: 2, quantity: 4 },
            ],
          },
        ],
      },
      updateHead,
    );
    expect(statusOf(await post(update)).code).toBe(200);
    let fulfilment = await fulfilmentOf(order);
    expect(fulfilment.fulfilment_status).toBe('shipped');
    expect(fulfilment.shipments.map((shipment) => shipment.tracking_url)).toEqual(['https://track.acme.test/AF-1']);
    const withdrawal = buildShipNoticeRequestXml(header(), {
      shipmentId: 'SHIP-1',
      operation: 'delete',
      noticeDate: NOW,
      previousPayloadId: updateHead.payloadId,
      portions: [],
    });
    expect(validateWithXmllint(withdrawal, 'Fulfill.dtd').isValid).toBe(true);
    expect(statusOf(await post(withdrawal))).toMatchObject({ code: 200, message: 'Ship notice withdrawn' });
    fulfilment = await fulfilmentOf(order);
    expect(fulfilment.shipments).toEqual([]);
    expect(fulfilment.fulfilment_status).toBe('awaiting_confirmation');
    expect(fulfilment.events.map((event) => event.type).slice(-3)).toEqual([
      'shipped',
      'shipment_updated',
      'shipment_withdrawn',
    ]);
  });
});

describe('POST /api/cxml/inbound: status updates, credentials and what is not a document', () => {
  it('records a StatusUpdateRequest on the order timeline', async () => {
    const order = await sentOrder();
    const xml = buildStatusUpdateRequestXml(header(), {
      orderPayloadId: order.payload_id,
      code: 200,
      text: 'OK',
      message: 'Picked in warehouse 3',
    });
    expect(validateWithXmllint(xml, 'cXML.dtd')).toEqual({ isValid: true, errors: '' });
    expect(statusOf(await post(xml))).toMatchObject({ code: 200, message: 'Status update recorded' });
    expect((await fulfilmentOf(order)).events.at(-1)).toMatchObject({
      type: 'supplier_status',
      actor: 'Supplier',
      details: { code: 200, text: 'OK', message: 'Picked in warehouse 3' },
    });
  });

  it('answers 401 for a wrong secret or identity, logs it without the document, and applies nothing', async () => {
    const order = await sentOrder();
    for (const head of [header({ sharedSecret: 'guess' }), header({ senderIdentity: 'SOMEONE-ELSE' })]) {
      expect(statusOf(await post(confirmation(order, {}, head)))).toMatchObject({
        code: 401,
        message: 'Unknown sender identity or wrong shared secret',
      });
      const logged = await testbed.database.db('inbound_documents').where({ payload_id: head.payloadId }).first();
      expect(logged).toMatchObject({ status_code: 401, raw_document: null, is_applied: false });
    }
    expect(await countRows('supplier_confirmations', order.id)).toBe(0);
  });

  it('refuses what is not a supplier document, always in cXML', async () => {
    const order = await sentOrder();
    const invalid = confirmation(order).replace('type="accept"', 'type="maybe"');
    const dtdAnswer = statusOf(await post(invalid));
    expect(dtdAnswer.code).toBe(400);
    expect(dtdAnswer.message).toMatch(/^The document is not valid against Fulfill\.dtd: .*maybe/);
    const profile = confirmation(order).replace(
      /<ConfirmationRequest>[\s\S]*<\/ConfirmationRequest>/,
      '<ProfileRequest/>',
    );
    expect(statusOf(await post(profile)).code).toBe(406);
    expect(statusOf(await post(confirmation(order), 'application/json')).code).toBe(415);
    const entities = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY a "aaaa">]><cXML>&a;</cXML>`;
    expect(statusOf(await post(entities)).code).toBe(400);
    const huge = confirmation(order).replace('</cXML>', `<!-- ${'x'.repeat(1_100_000)} --></cXML>`);
    expect(statusOf(await post(huge)).code).toBe(413);
    expect(await countRows('supplier_confirmations', order.id)).toBe(0);
  });

  it('answers hostile input in cXML with a 4xx, never a stack trace, SQL or a file path', async () => {
    const order = await sentOrder([1]);
    const valid = confirmation(order);
    const hostile: { label: string; body: string | Buffer; headers?: Record<string, string> }[] = [
      { label: 'NUL characters', body: valid.replace('accept', 'acc\u0000ept') },
      { label: 'SQL-ish text', body: valid.replace(order.order_number, "SO-1' OR 1=1; DROP TABLE orders;--") },
      { label: 'a body that is not the gzip it claims', body: valid, headers: { 'Content-Encoding': 'gzip' } },
      { label: 'an unsupported charset', body: valid, headers: { 'Content-Type': 'text/xml; charset=klingon' } },
      { label: 'plain words', body: 'plain words' },
      { label: 'an HTML page', body: '<!DOCTYPE html><html><body>hi</body></html>' },
    ];
    for (const attempt of hostile) {
      const response = await post(attempt.body as string, attempt.headers?.['Content-Type']).set(
        Object.fromEntries(Object.entries(attempt.headers ?? {}).filter(([name]) => name !== 'Content-Type')),
      );
      const answer = statusOf(response);
      expect([attempt.label, answer.code >= 400 && answer.code < 500]).toEqual([attempt.label, true]);
      expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT |INSERT |\/work\/|node_modules/);
    }
    expect(await countRows('supplier_confirmations', order.id)).toBe(0);
  });

  it('shows the back office an order’s fulfilment with the supplier documents about it, secrets redacted; admins only', async () => {
    const order = await sentOrder([1]);
    const head = header();
    await post(confirmation(order, {}, head));
    const refused = confirmation(order, {
      type: 'detail',
      items: [{ lineNumber: 9, quantity: 1, statuses: [{ type: 'accept', quantity: 1 }] }],
    });
    expect(statusOf(await post(refused)).code).toBe(400);
    const { agent: admin } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    const answer = await admin.get(`/api/admin/orders/${order.id}/fulfilment`).expect(200);
    expect(answer.body.fulfilment).toMatchObject({ fulfilment_status: 'confirmed' });
    expect(
      answer.body.inbound_documents.map((document: { status_code: number }) => document.status_code).sort(),
    ).toEqual([200, 400]);
    const applied = answer.body.inbound_documents.find(
      (document: { payload_id: string }) => document.payload_id === head.payloadId,
    );
    expect(applied).toMatchObject({
      document_type: 'ConfirmationRequest',
      status_text: 'OK',
      message: 'Confirmation applied',
    });
    expect(applied.raw_document).toContain('<SharedSecret>[redacted]</SharedSecret>');
    expect(JSON.stringify(answer.body)).not.toContain(INBOUND_SECRET);
    await order.requester.agent.get(`/api/admin/orders/${order.id}/fulfilment`).expect(403);
    await admin.get('/api/admin/orders/not-an-id/fulfilment').expect(400);
    expect((await admin.get(`/api/admin/orders/${randomUUID()}/fulfilment`).expect(404)).body.code).toBe(
      'ORDER_NOT_FOUND',
    );
  });
});
