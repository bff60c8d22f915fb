import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import { closeTestApp, createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, testContext } from '../../test-support/test-context.js';
import { ensureDemoLocations } from '../demo/demo-locations.service.js';

interface ListedEvent {
  action: string;
  action_label: string;
  actor_label: string;
  target_id: string | null;
  target_label: string | null;
  outcome: string;
}

// Its own database: the punchout settings point at a port where nothing listens, so every
// submission fails, and that must not leak into other suites.
describe('the audit log as a compliance officer reads it', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db, { env: { SUPPLIER_ALLOWED_HOSTS: '127.0.0.1:9', SUPPLIER_TIMEOUT_MS: '1000' } });
    const { agent } = await signedInAgent(app, database.db, ['admin']);
    await agent
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: 'http://127.0.0.1:9/cxml',
        identity: 'SUPPLYHUB-TEST',
        shared_secret: 'sandbox-secret-123',
        test_mode: false,
      })
      .expect(200);
  });
  afterAll(async () => {
    await closeTestApp(app);
    await database.drop();
  });

  it('shows the order number, the e-mails, plain action labels and a failed submission as a failure', async () => {
    const [product] = await insertProducts(database.db, [
      { title: `Audit item ${randomUUID().slice(0, 6)}`, price: '3.10' },
    ]);
    const doctor = await signedInAgent(app, database.db, ['doctor']);
    await doctor.agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'Dr. Audit', street_line1: '1 Main St', city: 'Boston', state: 'MA', postal_code: '02118' })
      .expect(200);
    const order = (
      await doctor.agent
        .post('/api/orders')
        .set('Idempotency-Key', `k-${randomUUID()}`)
        .send({ lines: [{ asin: product!.asin, quantity: 1 }] })
        .expect(201)
    ).body as { id: string; order_number: string };
    const admin = await signedInAgent(app, database.db, ['admin']);
    const approval = await admin.agent.post(`/api/admin/orders/${order.id}/approve`).expect(200);
    expect(approval.body.result.ok).toBe(false);

    const listed = (
      await admin.agent
        .get('/api/admin/audit-events')
        .query({ filter: JSON.stringify({ target_type: 'order', target_id: order.id }) })
        .expect(200)
    ).body as ListedEvent[];
    const byAction = Object.fromEntries(listed.map((event) => [event.action, event]));
    expect(byAction['order.create']).toMatchObject({
      action_label: 'Order placed',
      actor_label: doctor.user.email,
      target_label: order.order_number,
      outcome: 'success',
    });
    expect(byAction['order.approve']).toMatchObject({
      action_label: 'Order approved and sent to the supplier',
      actor_label: admin.user.email,
      target_label: order.order_number,
    });
    expect(byAction['order.submission_failed']).toMatchObject({
      action_label: 'Supplier submission failed',
      target_label: order.order_number,
      outcome: 'failure',
    });

    // The failure filter finds it, and its own page and the CSV say the same.
    const failures = (
      await admin.agent
        .get('/api/admin/audit-events')
        .query({ filter: JSON.stringify({ target_id: order.id, outcome: 'failure' }) })
        .expect(200)
    ).body as ListedEvent[];
    expect(failures.map((event) => event.action)).toEqual(['order.submission_failed']);
    const shown = await admin.agent.get(`/api/admin/audit-events/${(failures[0] as { id?: string }).id}`).expect(200);
    expect(shown.body).toMatchObject({ target_label: order.order_number, action_label: 'Supplier submission failed' });
    const csv = await admin.agent
      .get('/api/admin/audit-events/export')
      .query({ filter: JSON.stringify({ target_id: order.id, outcome: 'failure' }) })
      .expect(200);
    expect(csv.text).toContain('"Supplier submission failed"');
    expect(csv.text).toContain(`"${order.order_number}"`);
  });

  it('shows a failed submission recorded as a success before the fix as the failure it was', async () => {
    const admin = await signedInAgent(app, database.db, ['admin']);
    const targetId = randomUUID();
    await database.db('audit_events').insert({
      actor_label: 'system',
      action: 'order.submission_failed',
      target_type: 'order',
      target_id: targetId,
      outcome: 'success',
      details: JSON.stringify({ order_number: 'SO-LEGACY' }),
    });
    const read = async (outcome: string) =>
      (
        await admin.agent
          .get('/api/admin/audit-events')
          .query({ filter: JSON.stringify({ target_id: targetId, outcome }) })
          .expect(200)
      ).body as ListedEvent[];
    expect(await read('failure')).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        target_label: 'SO-LEGACY',
        action_label: 'Supplier submission failed',
      }),
    ]);
    expect(await read('success')).toEqual([]);
  });

  it('names a user target by e-mail', async () => {
    const admin = await signedInAgent(app, database.db, ['admin']);
    const listed = (
      await admin.agent
        .get('/api/admin/audit-events')
        .query({ filter: JSON.stringify({ action: 'auth.sign_in', target_type: 'user', target_id: admin.user.id }) })
        .expect(200)
    ).body as ListedEvent[];
    expect(listed[0]).toMatchObject({ action_label: 'Signed in', target_label: admin.user.email });
  });

  it('names the demo’s locations and their departments, not their ids, in the list, on the page and in the CSV', async () => {
    await insertProducts(
      database.db,
      Array.from({ length: 12 }, (_unused, index) => ({ title: `Demo ward item ${index}`, price: '1.00' })),
    );
    expect(await ensureDemoLocations(testContext(database.db))).toEqual({ locations: 2 });
    const admin = await signedInAgent(app, database.db, ['admin']);
    const department = await admin.agent
      .post('/api/admin/departments')
      .send({ name: 'Audit Oncology', code: `AO-${randomUUID().slice(0, 6).toUpperCase()}` })
      .expect(201);
    const read = async (filter: object) =>
      (
        await admin.agent
          .get('/api/admin/audit-events')
          .query({ filter: JSON.stringify(filter) })
          .expect(200)
      ).body as (ListedEvent & { id: number })[];

    const locations = await read({ action: 'location.create' });
    expect(locations.map(({ action_label, target_label }) => ({ action_label, target_label }))).toEqual(
      expect.arrayContaining([
        { action_label: 'Location added', target_label: 'Pediatrics par cart' },
        { action_label: 'Location added', target_label: 'Emergency store room' },
      ]),
    );
    expect(locations).toHaveLength(2);
    const shown = await admin.agent.get(`/api/admin/audit-events/${locations[0]!.id}`).expect(200);
    expect(shown.body.target_label).toBe(locations[0]!.target_label);
    const csv = await admin.agent
      .get('/api/admin/audit-events/export')
      .query({ filter: JSON.stringify({ action: 'location.create' }) })
      .expect(200);
    expect(csv.text).toContain('"Pediatrics par cart"');
    expect(csv.text).toContain('"Emergency store room"');

    const created = await read({ target_type: 'department', target_id: department.body.id });
    expect(created[0]).toMatchObject({ action_label: 'Department added', target_label: 'Audit Oncology' });
  });
});
