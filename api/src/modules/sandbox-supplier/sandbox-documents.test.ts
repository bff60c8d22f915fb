import { describe, expect, it } from '@jest/globals';

import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { testConfig, testContext } from '../../test-support/test-context.js';
import { readOrderFulfilment } from '../fulfilment/fulfilment.service.js';
import {
  isBackorderedOrder,
  planFollowUps,
  sandboxConfirmation,
  sandboxShipNotice,
} from './sandbox-documents.rules.js';
import { sendDueSandboxDocuments } from './sandbox-documents.service.js';

const SANDBOX_TIMING = { SANDBOX_CONFIRM_AFTER_S: '0', SANDBOX_SHIP_AFTER_S: '0', SANDBOX_BACKORDER_SHARE: '1' };
const testbed = useFulfilmentTestbed({ env: SANDBOX_TIMING });

describe('the sandbox supplier plays the whole part', () => {
  it('confirms with a partial backorder, then ships, over HTTP to the inbound endpoint; the doctor receives', async () => {
    const order = await testbed.sentOrder([10, 4]);
    const ctx = testContext(testbed.database.db, {
      config: testConfig({ PUBLIC_URL: testbed.baseUrl, ...SANDBOX_TIMING }),
    });
    const fulfilment = async () => (await readOrderFulfilment(testbed.database.db, order.id, new Date()))!;

    expect(await sendDueSandboxDocuments(ctx)).toEqual({ sent: 1, failed: 0 });
    const confirmed = await fulfilment();
    expect(confirmed.fulfilment_status).toBe('backordered');
    expect(confirmed.lines.map((line) => [line.confirmed_quantity, line.backordered_quantity])).toEqual([
      [5, 5],
      [4, 0],
    ]);

    expect(await sendDueSandboxDocuments(ctx)).toEqual({ sent: 1, failed: 0 });
    expect(await sendDueSandboxDocuments(ctx)).toEqual({ sent: 0, failed: 0 });
    const shipped = await fulfilment();
    expect(shipped.fulfilment_status).toBe('partially_shipped');
    expect(shipped.shipments[0]).toMatchObject({
      carrier: 'UPS',
      tracking_url: expect.stringMatching(/^https:\/\/www\.ups\.com\/track\?tracknum=1Z[0-9A-F]{16}$/),
    });
    expect(shipped.lines.map((line) => line.shipped_quantity)).toEqual([5, 4]);

    const received = await order.requester.agent
      .post(`/api/orders/${order.id}/receipts`)
      .send({
        lines: [
          { line_number: 1, quantity: 5 },
          { line_number: 2, quantity: 4 },
        ],
      })
      .expect(201);
    expect(received.body.fulfilment_status).toBe('partially_received');
    expect(received.body.events.map((event: { type: string }) => event.type)).toEqual([
      'submitted',
      'approved',
      'sent',
      'confirmed',
      'backordered',
      'shipped',
      'received',
    ]);
  });

  it('keeps a document it could not deliver, with the reason, and tries again later', async () => {
    const order = await testbed.sentOrder([2]);
    const unreachable = testContext(testbed.database.db, {
      config: testConfig({ PUBLIC_URL: 'http://127.0.0.1:9', ...SANDBOX_TIMING }),
    });
    const outcome = await sendDueSandboxDocuments(unreachable);
    expect(outcome.failed).toBeGreaterThanOrEqual(1);
    const kept = await testbed.database
      .db('sandbox_supplier_documents')
      .where({ order_id: order.order_number, kind: 'confirmation' })
      .first('sent_at', 'attempts', 'last_error', 'due_at');
    expect(kept).toMatchObject({ sent_at: null, attempts: 1 });
    expect(kept.last_error).toBeTruthy();
    expect(new Date(kept.due_at).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('the sandbox supplier’s story of an order (pure rules)', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const timing = { confirmAfterS: 5, shipAfterS: 20, backorderShare: 0.3, invoiceAfterS: 30 };

  it('backorders about the configured share of orders, always the same ones', () => {
    const ids = Array.from({ length: 2000 }, (_unused, index) => `payload-${index}@supplyhub`);
    const share = ids.filter((id) => isBackorderedOrder(id, 0.3)).length / ids.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    expect(ids.map((id) => isBackorderedOrder(id, 0.3))).toEqual(ids.map((id) => isBackorderedOrder(id, 0.3)));
  });

  it('plans a confirmation after the delay and a ship notice after it, and ships only what it confirmed', () => {
    const [confirmation, shipNotice] = planFollowUps(
      { orderId: 'SO-001001', payloadId: 'p@x', lines: [{ line_number: 1, quantity: 3 }] },
      { ...timing, backorderShare: 1 },
      now,
    );
    expect(confirmation?.due_at).toEqual(new Date('2026-11-27T10:00:05Z'));
    expect(shipNotice?.due_at).toEqual(new Date('2026-11-27T10:00:20Z'));
    expect(
      sandboxConfirmation(confirmation!, now).items?.[0]?.statuses.map((status) => [status.type, status.quantity]),
    ).toEqual([
      ['accept', 2],
      ['backordered', 1],
    ]);
    expect(sandboxShipNotice(shipNotice!, now).portions[0]?.items).toMatchObject([{ lineNumber: 1, quantity: 2 }]);
  });
});
