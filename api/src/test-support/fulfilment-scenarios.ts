import { expect } from '@jest/globals';

import {
  buildConfirmationRequestXml,
  buildShipNoticeRequestXml,
  type ConfirmationInput,
  type ShipNoticeInput,
} from '../modules/supplier/cxml/cxml-supplier-documents.js';
import type { SentOrder, useFulfilmentTestbed } from './fulfilment-testbed.js';
import { validateWithXmllint } from './xmllint.js';

type Testbed = ReturnType<typeof useFulfilmentTestbed>;
type ShipNoticeItem = ShipNoticeInput['portions'][number]['items'][number];
const DAY = 24 * 60 * 60 * 1000;

/**
 * The supplier's documents for a sent order, all dated `now`: DTD-valid, posted to /api/cxml/inbound.
 * A ship notice is shipment SHIP-<order number> by UPS, delivery expected 2026-12-02 at noon UTC.
 */
export function supplierDocumentsAt(testbed: Testbed, now: Date) {
  const reference = (order: SentOrder) => ({ orderId: order.order_number, payloadId: order.payload_id });

  async function confirm(order: SentOrder, input: Partial<ConfirmationInput> = {}) {
    const xml = buildConfirmationRequestXml(testbed.supplierHeader(now), {
      type: 'accept',
      noticeDate: now,
      order: reference(order),
      ...input,
    });
    expect(validateWithXmllint(xml, 'Fulfill.dtd')).toEqual({ isValid: true, errors: '' });
    expect((await testbed.postDocument(xml)).status).toBe(200);
  }

  async function ship(order: SentOrder, items: ShipNoticeItem[]) {
    const xml = buildShipNoticeRequestXml(testbed.supplierHeader(now), {
      shipmentId: `SHIP-${order.order_number}`,
      noticeDate: now,
      shipmentDate: now,
      deliveryDate: new Date('2026-12-02T12:00:00Z'),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      portions: [{ order: reference(order), items }],
    });
    expect(validateWithXmllint(xml, 'Fulfill.dtd')).toEqual({ isValid: true, errors: '' });
    expect((await testbed.postDocument(xml)).status).toBe(200);
  }

  return { confirm, ship };
}

/**
 * Orders brought into a fulfilment state the way a supplier and a ward do it: DTD-valid documents
 * posted to /api/cxml/inbound and receipts posted by the requester. For the back office's tests.
 */
export function fulfilmentScenarios(testbed: Testbed) {
  const reference = (order: SentOrder) => ({ orderId: order.order_number, payloadId: order.payload_id });

  const confirm = (order: SentOrder, input: Partial<ConfirmationInput> = {}) =>
    supplierDocumentsAt(testbed, new Date()).confirm(order, input);

  /** A ship notice for the given lines ([line number, quantity]), delivery expected `deliveryInDays` from now. */
  async function ship(
    order: SentOrder,
    items: [number, number][],
    options: Partial<ShipNoticeInput> & { deliveryInDays?: number } = {},
  ) {
    const now = new Date();
    const { deliveryInDays = 3, ...input } = options;
    const xml = buildShipNoticeRequestXml(testbed.supplierHeader(now), {
      shipmentId: `SHIP-${order.order_number}-${items.map(([line]) => line).join('-')}`,
      noticeDate: now,
      shipmentDate: now,
      deliveryDate: new Date(now.getTime() + deliveryInDays * DAY),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      portions: [
        {
          order: reference(order),
          items: items.map(([lineNumber, quantity]) => ({
            lineNumber,
            quantity,
            lot: 'LOT-42',
            expiryDate: new Date('2028-03-31T00:00:00Z'),
          })),
        },
      ],
      ...input,
    });
    expect(validateWithXmllint(xml, 'Fulfill.dtd')).toEqual({ isValid: true, errors: '' });
    const response = await testbed.postDocument(xml);
    expect(response.status).toBe(200);
  }

  async function receive(order: SentOrder, items: [number, number][]) {
    await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({ lines: items.map(([line_number, quantity]) => ({ line_number, quantity })) })
      .expect(201);
  }

  /** 6 of line 1 confirmed, 4 backordered until `inDays` from now; line 2 (4) confirmed. */
  function confirmWithBackorder(order: SentOrder, inDays: number) {
    return confirm(order, {
      type: 'detail',
      items: [
        {
          lineNumber: 1,
          quantity: 10,
          statuses: [
            { type: 'accept', quantity: 6 },
            { type: 'backordered', quantity: 4, deliveryDate: new Date(Date.now() + inDays * DAY) },
          ],
        },
        { lineNumber: 2, quantity: 4, statuses: [{ type: 'accept', quantity: 4 }] },
      ],
    });
  }

  return { confirm, ship, receive, confirmWithBackorder, DAY };
}
