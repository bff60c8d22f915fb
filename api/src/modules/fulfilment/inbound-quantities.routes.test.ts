import { describe, expect, it } from '@jest/globals';
import type request from 'supertest';

import { useFulfilmentTestbed, type SentOrder } from '../../test-support/fulfilment-testbed.js';
import {
  buildConfirmationRequestXml,
  buildShipNoticeRequestXml,
  type ConfirmationInput,
  type SupplierDocumentHeader,
} from '../supplier/cxml/cxml-supplier-documents.js';

/*
 * The per-line quantity rules across the supplier's documents and the ward's receipts: nothing
 * ships or arrives of what the supplier's confirmations in force rejected, and nothing already
 * shipped or received can be rejected afterwards. A document that would break one is refused with
 * a cXML 400 naming the line and its quantities, a receipt with 409; nothing is written either way.
 */

const NOW = new Date('2026-11-27T10:00:00Z');
const testbed = useFulfilmentTestbed();
const reference = (order: SentOrder) => ({ orderId: order.order_number, payloadId: order.payload_id });

function confirm(order: SentOrder, input: Partial<ConfirmationInput>, head: SupplierDocumentHeader = header()) {
  return testbed.postDocument(
    buildConfirmationRequestXml(head, { type: 'accept', noticeDate: NOW, order: reference(order), ...input }),
  );
}

function ship(order: SentOrder, items: [number, number][], shipmentId = 'SHIP-Q') {
  return testbed.postDocument(
    buildShipNoticeRequestXml(header(), {
      shipmentId,
      noticeDate: NOW,
      portions: [{ order: reference(order), items: items.map(([lineNumber, quantity]) => ({ lineNumber, quantity })) }],
    }),
  );
}

const header = () => testbed.supplierHeader(NOW);

/** The cXML Status code and text of an answer. */
function statusOf(response: request.Response): { code: number; message: string } {
  const match = /<Status code="(\d+)"[^>]*?(?:\/>|>([\s\S]*?)<\/Status>)/.exec(response.text);
  if (!match) throw new Error(`no cXML Status in: ${response.text.slice(0, 300)}`);
  expect(response.status).toBe(Number(match[1]));
  return { code: Number(match[1]), message: (match[2] ?? '').trim() };
}

const count = async (table: string, where: Record<string, unknown>) =>
  Number((await testbed.database.db(table).where(where).count<{ count: string }[]>('* as count'))[0]!.count);

/** Line 1 (10): 6 accepted, 4 rejected; line 2 (4) accepted. */
const rejectFourOfLineOne: Partial<ConfirmationInput> = {
  type: 'detail',
  confirmId: 'C-Q',
  items: [
    {
      lineNumber: 1,
      quantity: 10,
      statuses: [
        { type: 'accept', quantity: 6 },
        { type: 'reject', quantity: 4, comments: 'Short at the manufacturer' },
      ],
    },
    { lineNumber: 2, quantity: 4, statuses: [{ type: 'accept', quantity: 4 }] },
  ],
};

describe('POST /api/cxml/inbound: quantities the supplier rejected', () => {
  it('refuses with 400 a ship notice for more of a line than its confirmation left unrejected, writing nothing', async () => {
    const order = await testbed.sentOrder([10, 4]);
    expect(statusOf(await confirm(order, rejectFourOfLineOne)).code).toBe(200);
    expect(statusOf(await ship(order, [[1, 7]]))).toEqual({
      code: 400,
      message: `Line 1 of ${order.order_number}: 7 shipped, but only 6 of 10 were not rejected by the supplier`,
    });
    expect(await count('shipments', { order_id: order.id })).toBe(0);
    expect(statusOf(await ship(order, [[1, 6]])).code).toBe(200);
  });

  it('refuses with 400 a ship notice for an order the supplier rejected whole', async () => {
    const order = await testbed.sentOrder([10, 4]);
    expect(statusOf(await confirm(order, { type: 'reject', comments: 'Account on hold' })).code).toBe(200);
    expect(statusOf(await ship(order, [[2, 1]]))).toEqual({
      code: 400,
      message: `Line 2 of ${order.order_number}: 1 shipped, but only 0 of 4 were not rejected by the supplier`,
    });
    expect(await count('shipments', { order_id: order.id })).toBe(0);
  });

  it('refuses with 400 a reject update for quantities already shipped, leaving the confirmation in force', async () => {
    const order = await testbed.sentOrder([10, 4]);
    const first = header();
    expect(statusOf(await confirm(order, { confirmId: 'C-Q' }, first)).code).toBe(200);
    expect(statusOf(await ship(order, [[1, 8]])).code).toBe(200);
    const update = await confirm(order, {
      ...rejectFourOfLineOne,
      operation: 'update',
      previousPayloadId: first.payloadId,
    });
    expect(statusOf(update)).toEqual({
      code: 400,
      message: `Line 1 of ${order.order_number}: 8 shipped, but only 6 of 10 were not rejected by the supplier`,
    });
    const confirmations = await testbed.database
      .db('supplier_confirmations')
      .where({ order_id: order.id })
      .select('payload_id', 'replaced_by_id');
    expect(confirmations).toEqual([{ payload_id: first.payloadId, replaced_by_id: null }]);
  });

  it('refuses with 400 a whole-order reject once goods were received, and the budget keeps the order’s cost', async () => {
    const order = await testbed.sentOrder([10, 4]);
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 2, quantity: 1 }] })
      .expect(201);
    expect(statusOf(await confirm(order, { type: 'reject' }))).toEqual({
      code: 400,
      message: `Line 2 of ${order.order_number}: 1 received, but only 0 of 4 were not rejected by the supplier`,
    });
    expect(await count('supplier_confirmations', { order_id: order.id })).toBe(0);
    const row = await testbed.database.db('orders').where({ id: order.id }).first('budget_committed', 'total_amount');
    expect(row.budget_committed).toBe(row.total_amount);
  });

  it('still applies documents and receipts about other lines of an order one line of which broke a rule before the rules held', async () => {
    const order = await testbed.sentOrder([10, 4]);
    expect(statusOf(await confirm(order, rejectFourOfLineOne)).code).toBe(200);
    expect(statusOf(await ship(order, [[1, 6]], 'SHIP-OLD')).code).toBe(200);
    // Shipped past the rejection, as a document applied before these rules could have left it.
    await testbed.database
      .db('shipment_lines')
      .whereIn('shipment_ref', testbed.database.db('shipments').where({ order_id: order.id }).select('id'))
      .update({ quantity: 8 });
    expect(statusOf(await ship(order, [[2, 4]], 'SHIP-NEW')).code).toBe(200);
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 2, quantity: 4 }] })
      .expect(201);
    expect(statusOf(await ship(order, [[1, 1]], 'SHIP-MORE')).message).toBe(
      `Line 1 of ${order.order_number}: 9 shipped, but only 6 of 10 were not rejected by the supplier`,
    );
  });
});

describe('POST /api/orders/:id/receipts: quantities the supplier rejected', () => {
  it('answers 409 RECEIPT_REJECTED_BY_SUPPLIER for more than the supplier left unrejected, writing nothing', async () => {
    const order = await testbed.sentOrder([10, 4]);
    expect(statusOf(await confirm(order, rejectFourOfLineOne)).code).toBe(200);
    const refused = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({
        lines: [
          { line_number: 1, quantity: 5 },
          { line_number: 1, quantity: 2 },
        ],
      })
      .expect(409);
    expect(refused.body).toMatchObject({
      code: 'RECEIPT_REJECTED_BY_SUPPLIER',
      message: `Line 1 of ${order.order_number}: 7 received, but only 6 of 10 were not rejected by the supplier.`,
    });
    expect(await count('order_receipts', { order_id: order.id })).toBe(0);
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: [{ line_number: 1, quantity: 6 }] })
      .expect(201);
  });
});
