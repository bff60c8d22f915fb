import { describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { signedInAgent } from '../../test-support/http-test-app.js';
import { fulfilmentScenarios } from '../../test-support/fulfilment-scenarios.js';
import { INBOUND_SECRET, useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { buildConfirmationRequestXml } from '../supplier/cxml/cxml-supplier-documents.js';

const testbed = useFulfilmentTestbed();
const { confirm, ship } = fulfilmentScenarios(testbed);

describe('GET /api/admin/inbound-documents', () => {
  it('lists the supplier documents newest first with their order, refused ones too, the shared secret never shown', async () => {
    const order = await testbed.sentOrder([10, 4]);
    await confirm(order);
    await ship(order, [
      [1, 10],
      [2, 4],
    ]);
    // A document with a wrong secret is refused and logged without its body.
    const now = new Date();
    const forged = buildConfirmationRequestXml(testbed.supplierHeader(now, { sharedSecret: 'not-the-secret-at-all' }), {
      type: 'accept',
      noticeDate: now,
      order: { orderId: order.order_number, payloadId: order.payload_id },
    });
    expect((await testbed.postDocument(forged)).status).toBe(401);

    const { agent } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    const list = await agent.get('/api/admin/inbound-documents').expect(200);
    expect(list.headers['content-range']).toBe('inbound-documents 0-2/3');
    expect(list.body.map((entry: { document_type: string; status_code: number }) => entry.status_code)).toEqual([
      401, 200, 200,
    ]);
    expect(list.body[1]).toMatchObject({
      document_type: 'ShipNoticeRequest',
      order_id: order.id,
      order_number: order.order_number,
      status_text: 'OK',
      payload_id: expect.stringContaining('@supplier.test'),
      received_at: expect.any(String),
    });
    expect(list.body[1].raw_document).toContain('<SharedSecret>[redacted]</SharedSecret>');
    expect(list.body[0].raw_document).toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(INBOUND_SECRET);
    expect(JSON.stringify(list.body)).not.toContain('not-the-secret-at-all');

    const page = await agent.get('/api/admin/inbound-documents').query({ range: '[1,1]' }).expect(200);
    expect(page.headers['content-range']).toBe('inbound-documents 1-1/3');
    expect(page.body).toEqual([list.body[1]]);
    const oldestFirst = await agent.get('/api/admin/inbound-documents').query({ sort: '["received_at","ASC"]' });
    expect(oldestFirst.body[0].document_type).toBe('ConfirmationRequest');
    const ofOrder = await agent
      .get('/api/admin/inbound-documents')
      .query({ filter: JSON.stringify({ order_id: order.id }) })
      .expect(200);
    expect(ofOrder.body).toHaveLength(2);
  });

  it('refuses an unknown sort or filter with 400, and anyone but an admin', async () => {
    const { agent } = await signedInAgent(testbed.app, testbed.database.db, ['admin']);
    const sort = await agent.get('/api/admin/inbound-documents').query({ sort: '["raw_document","ASC"]' }).expect(400);
    expect(sort.body.code).toBe('UNKNOWN_SORT_FIELD');
    const filter = await agent.get('/api/admin/inbound-documents').query({ filter: '{"order_id":"nope"}' }).expect(400);
    expect(filter.body.code).toBe('INVALID_LIST_QUERY');
    const doctor = (await signedInAgent(testbed.app, testbed.database.db, ['doctor'])).agent;
    await doctor.get('/api/admin/inbound-documents').expect(403);
    await request(testbed.app).get('/api/admin/inbound-documents').expect(401);
  });
});
