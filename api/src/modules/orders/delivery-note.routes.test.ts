import { randomUUID } from 'node:crypto';

import { describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { useFulfilmentTestbed } from '../../test-support/fulfilment-testbed.js';
import { signedInAgent } from '../../test-support/http-test-app.js';
import { insertDepartment, putInDepartment } from '../../test-support/location-fixtures.js';
import { testContext } from '../../test-support/test-context.js';
import { validateWithXmllint } from '../../test-support/xmllint.js';
import { runDueStandingOrders } from '../standing-orders/standing-orders.service.js';

const testbed = useFulfilmentTestbed();
type Agent = ReturnType<typeof request.agent>;
const db = () => testbed.database.db;

const DOB_SENTENCE =
  'Order note: this looks like a date of birth. Supplier messages must not hold patient details; write the bed or room instead.';

async function product() {
  const [row] = await insertProducts(db(), [{ title: `Gauze ${randomUUID().slice(0, 6)}`, price: '4.00' }]);
  return row!;
}

function order(agent: Agent, asin: string, extra: object = {}) {
  return agent
    .post('/api/orders')
    .set('Idempotency-Key', `note-${randomUUID()}`)
    .send({ lines: [{ asin, quantity: 2 }], ...extra });
}

async function ordersOf(userId: string): Promise<number> {
  const [row] = await db()('orders').where({ user_id: userId }).count<{ count: string }[]>();
  return Number(row?.count);
}

describe('POST /api/orders with delivery_note', () => {
  it('stores and answers the trimmed note, null when none, and GET /api/orders/:id shows it', async () => {
    const { agent } = await signedInAgent(testbed.app, db(), ['doctor']);
    const item = await product();
    const noted = await order(agent, item.asin, { delivery_note: '  deliver to bed bay 3  ' }).expect(201);
    expect(noted.body.delivery_note).toBe('deliver to bed bay 3');
    expect((await agent.get(`/api/orders/${noted.body.id}`).expect(200)).body.delivery_note).toBe(
      'deliver to bed bay 3',
    );
    expect(await db()('orders').where({ id: noted.body.id }).first('delivery_note')).toEqual({
      delivery_note: 'deliver to bed bay 3',
    });
    const plain = await order(agent, item.asin).expect(201);
    expect(plain.body.delivery_note).toBeNull();
    expect((await order(agent, item.asin, { delivery_note: '   ' }).expect(201)).body.delivery_note).toBeNull();
  });

  it('with a note over 500 characters answers 400 naming delivery_note, and writes nothing', async () => {
    const { agent, user } = await signedInAgent(testbed.app, db(), ['doctor']);
    const item = await product();
    const refused = await order(agent, item.asin, { delivery_note: 'x'.repeat(501) }).expect(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { delivery_note: 'Delivery instructions can be at most 500 characters.' },
    });
    expect(await ordersOf(user.id)).toBe(0);
    await order(agent, item.asin, { delivery_note: 'x'.repeat(500) }).expect(201);
  });

  it('with a date of birth answers 422 PHI_IN_SUPPLIER_TEXT with the sentence, writes nothing, and audits without the text', async () => {
    const { agent, user } = await signedInAgent(testbed.app, db(), ['doctor']);
    const item = await product();
    await agent
      .put('/api/cart')
      .send({ items: [{ asin: item.asin, quantity: 2 }] })
      .expect(200);
    const refused = await order(agent, item.asin, { delivery_note: 'Bed 4, DOB 03/14/1961' }).expect(422);
    expect(refused.body).toMatchObject({
      code: 'PHI_IN_SUPPLIER_TEXT',
      message: DOB_SENTENCE,
      errors: { delivery_note: DOB_SENTENCE },
    });
    expect(await ordersOf(user.id)).toBe(0);
    expect((await agent.get('/api/cart').expect(200)).body.items).toHaveLength(1);

    const audited = await db()('audit_events')
      .where({ action: 'order.supplier_text_refused', actor_user_id: user.id })
      .select('outcome', 'target_id', 'details');
    expect(audited).toEqual([
      {
        outcome: 'failure',
        target_id: 'delivery_note',
        details: { field: 'delivery_note', label: 'Order note', kind: 'date of birth' },
      },
    ]);
    const everything = await db()('audit_events').where({ actor_user_id: user.id });
    expect(JSON.stringify(everything)).not.toMatch(/1961|DOB/);
  });

  it.each([
    ['Pt John Smith MRN 4455667', 'medical record number'],
    ['SSN 123-45-6789', 'social security number'],
    ['for patient Maria Lopez', 'patient name'],
  ])('refuses %j as a %s', async (note, kind) => {
    const { agent } = await signedInAgent(testbed.app, db(), ['provider']);
    const refused = await order(agent, (await product()).asin, { delivery_note: note }).expect(422);
    expect(refused.body.message).toBe(
      `Order note: this looks like a ${kind}. Supplier messages must not hold patient details; write the bed or room instead.`,
    );
  });

  it("is shown in the Approvals inbox and sent in the OrderRequest's Comments, DTD-valid, to the sandbox supplier, which accepts it", async () => {
    const { agent } = await signedInAgent(testbed.app, db(), ['doctor']);
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
    const created = await order(agent, (await product()).asin, {
      delivery_note: 'Dock 2 & ring <ext 4455>',
    }).expect(201);
    // Approvers read it in the Approvals inbox before they approve.
    const inbox = await admin.get('/api/admin/approvals?range=[0,99]').expect(200);
    expect(inbox.body.find((row: { id: string }) => row.id === created.body.id)).toMatchObject({
      delivery_note: 'Dock 2 & ring <ext 4455>',
    });
    await admin.post(`/api/admin/orders/${created.body.id}/approve`).expect(200);
    expect((await db()('orders').where({ id: created.body.id }).first('status')).status).toBe('submitted');
    const log = await db()('ab_logs').where({ order_id: created.body.id, status: 'success' }).first('request_xml');
    const xml = log.request_xml as string;
    expect(xml).toContain(
      '<Comments xml:lang="en-US" type="DeliveryInstructions">Dock 2 &amp; ring &lt;ext 4455&gt;</Comments>',
    );
    expect(validateWithXmllint(xml, 'cXML.dtd')).toEqual({ isValid: true, errors: '' });
    const approverView = await admin.get(`/api/admin/orders/${created.body.id}`).expect(200);
    expect(approverView.body.delivery_note).toBe('Dock 2 & ring <ext 4455>');
  });
});

describe('PUT /api/admin/settings/supplier-text', () => {
  it('answers 401 signed out and 403 to a doctor, and changes nothing', async () => {
    await request(testbed.app).get('/api/admin/settings/supplier-text').expect(401);
    await request(testbed.app)
      .put('/api/admin/settings/supplier-text')
      .send({ extra_patterns: ['X'] })
      .expect(401);
    const { agent } = await signedInAgent(testbed.app, db(), ['doctor']);
    await agent.get('/api/admin/settings/supplier-text').expect(403);
    await agent
      .put('/api/admin/settings/supplier-text')
      .send({ extra_patterns: ['X'] })
      .expect(403);
    expect(await db()('supplier_text_settings').first()).toBeUndefined();
  });

  it.each([
    ['(a+)+$', 'repeats a group that itself repeats or alternates'],
    ['(unclosed', 'is not a valid regular expression'],
  ])('refuses the pattern %j with a clear message and keeps the saved ones', async (pattern, message) => {
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
    const before = (await admin.get('/api/admin/settings/supplier-text').expect(200)).body;
    const refused = await admin
      .put('/api/admin/settings/supplier-text')
      .send({ medical_record_pattern: null, extra_patterns: ['EP-\\d{4}', pattern] })
      .expect(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.errors.extra_patterns).toContain(message);
    expect((await admin.get('/api/admin/settings/supplier-text').expect(200)).body).toEqual(before);
  });

  it("refuses an order whose note matches an administrator's pattern, then lets it through once the pattern is removed", async () => {
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
    const saved = await admin
      .put('/api/admin/settings/supplier-text')
      .send({ medical_record_pattern: '', extra_patterns: ['EP-\\d{4}'] })
      .expect(200);
    expect(saved.body).toMatchObject({
      medical_record_pattern: null,
      extra_patterns: ['EP-\\d{4}'],
      default_medical_record_pattern: expect.any(String),
    });
    const { agent, user } = await signedInAgent(testbed.app, db(), ['doctor']);
    const item = await product();
    const refused = await order(agent, item.asin, { delivery_note: 'episode ep-2291, bay 3' }).expect(422);
    expect(refused.body).toMatchObject({
      code: 'PHI_IN_SUPPLIER_TEXT',
      message:
        'Order note: this matches a pattern set by an administrator. Supplier messages must not hold patient details; write the bed or room instead.',
    });
    expect(await ordersOf(user.id)).toBe(0);
    await admin.put('/api/admin/settings/supplier-text').send({ extra_patterns: [] }).expect(200);
    await order(agent, item.asin, { delivery_note: 'episode ep-2291, bay 3' }).expect(201);
  });

  it('answers a repeat of a stored order as stored, though a pattern added since matches its note', async () => {
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
    const { agent } = await signedInAgent(testbed.app, db(), ['doctor']);
    const item = await product();
    const body = { lines: [{ asin: item.asin, quantity: 2 }], delivery_note: 'episode ep-7310, bay 5' };
    const key = `note-${randomUUID()}`;
    const stored = await agent.post('/api/orders').set('Idempotency-Key', key).send(body).expect(201);
    await admin
      .put('/api/admin/settings/supplier-text')
      .send({ extra_patterns: ['EP-\\d{4}'] })
      .expect(200);
    try {
      const repeated = await agent.post('/api/orders').set('Idempotency-Key', key).send(body).expect(200);
      expect(repeated.body.id).toBe(stored.body.id);
      await order(agent, item.asin, { delivery_note: body.delivery_note }).expect(422);
    } finally {
      await admin.put('/api/admin/settings/supplier-text').send({ extra_patterns: [] }).expect(200);
    }
  });
});

describe('delivery instructions on a count and on a standing order', () => {
  async function ward() {
    const { agent: admin } = await signedInAgent(testbed.app, db(), ['admin']);
    const department = await insertDepartment(db(), `Ward ${randomUUID().slice(0, 4)}`);
    const item = await product();
    const location = await admin
      .post('/api/admin/locations')
      .send({
        name: `${department.name} store room`,
        department_id: department.id,
        stock_list: [{ asin: item.asin, par: 10, reorder_point: null, pack_size: 1 }],
      })
      .expect(201);
    const nurse = await signedInAgent(testbed.app, db(), ['nurse']);
    await putInDepartment(db(), nurse.user.id, department);
    return { admin, nurse, item, locationId: location.body.id as string };
  }

  it("a count's Submit as order carries the note; one with patient data is refused and the count stays unordered", async () => {
    const { nurse, item, locationId } = await ward();
    const count = await nurse.agent
      .post(`/api/locations/${locationId}/counts`)
      .send({ counts: [{ asin: item.asin, on_hand: 2 }] })
      .expect(201);
    const refused = await nurse.agent
      .post(`/api/locations/${locationId}/counts/${count.body.id}/order`)
      .send({ delivery_note: 'for patient Maria Lopez' })
      .expect(422);
    expect(refused.body.code).toBe('PHI_IN_SUPPLIER_TEXT');
    expect(await db()('location_counts').where({ id: count.body.id }).first('order_id')).toEqual({ order_id: null });
    const ordered = await nurse.agent
      .post(`/api/locations/${locationId}/counts/${count.body.id}/order`)
      .send({ delivery_note: 'store room door B' })
      .expect(201);
    expect(ordered.body).toMatchObject({ delivery_note: 'store room door B', lines: [{ quantity: 8 }] });
  });

  it("a ward's standing order keeps the note, refuses patient data, and each order it places carries the note", async () => {
    const { admin, nurse, item, locationId } = await ward();
    const body = {
      name: 'Monday gauze',
      location_id: locationId,
      user_id: nurse.user.id,
      schedule: { kind: 'weekly', weekdays: [1] },
      start_date: '2026-11-01',
      end_date: null,
      lines: [{ asin: item.asin, quantity: 5 }],
    };
    const refused = await admin
      .post('/api/admin/standing-orders')
      .send({ ...body, delivery_note: 'born 1961-03-14' })
      .expect(422);
    expect(refused.body.code).toBe('PHI_IN_SUPPLIER_TEXT');
    expect(await db()('standing_orders').where({ user_id: nurse.user.id }).first()).toBeUndefined();
    const created = await admin
      .post('/api/admin/standing-orders')
      .send({ ...body, delivery_note: 'leave at dock 2 after 7am' })
      .expect(201);
    expect(created.body.delivery_note).toBe('leave at dock 2 after 7am');
    const read = await admin.get(`/api/admin/standing-orders/${created.body.id}`).expect(200);
    expect(read.body.delivery_note).toBe('leave at dock 2 after 7am');

    // Monday 30 November 2026 in the company's time zone: the job places the ward's order.
    await runDueStandingOrders(testContext(db(), { now: () => new Date('2026-11-30T15:00:00Z') }));
    expect(await db()('orders').where({ user_id: nurse.user.id }).select('delivery_note')).toEqual([
      { delivery_note: 'leave at dock 2 after 7am' },
    ]);
  });
});
