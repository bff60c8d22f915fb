import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';

import { insertProducts } from '../test-support/catalog-fixtures.js';
import { closeTestApp, createTestApp, signedInAgent } from '../test-support/http-test-app.js';
import { runTs } from '../test-support/processes.js';
import { createIsolatedDatabase } from '../test-support/test-context.js';

jest.setTimeout(120_000);

const PASSWORD = 'Lantern-quartz-harbor-58';

/**
 * An order is sent to its requester's shipping address: `users:create --address` gives an account
 * one from the start, and an order whose requester has none is held at approval with the reason
 * (the approvals screen shows it before anyone clicks, from the same ship_to_status).
 */
describe('the requester’s shipping address, from users:create to approval', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: ReturnType<typeof createTestApp>;
  let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
  const cliEnv = () => ({ DATABASE_URL: database.url, NODE_ENV: 'test', SETTINGS_ENCRYPTION_KEY: 'a'.repeat(64) });

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    app = createTestApp(database.db);
    admin = (await signedInAgent(app, database.db, ['admin'])).agent;
    // Test mode: nothing is sent in this file, every approval stops before the supplier.
    await admin
      .put('/api/admin/settings/punchout')
      .send({ punchout_url: 'https://supplier.example/cxml', identity: 'SH', shared_secret: 's3cret', test_mode: true })
      .expect(200);
  });
  afterAll(async () => {
    await closeTestApp(app);
    await database.drop();
  });

  const createDoctor = (email: string, extra: string[]) =>
    runTs(
      'cli/main.ts',
      [
        'users:create',
        '--email',
        email,
        '--password-stdin',
        '--first-name',
        'Dana',
        '--last-name',
        'Reyes',
        '--role',
        'doctor',
        '--approved',
        ...extra,
      ],
      cliEnv(),
      { input: `${PASSWORD}\n` },
    );

  async function submitOrder(email: string, status: number) {
    const [product] = await insertProducts(database.db, [
      { title: `Gauze ${randomUUID().slice(0, 6)}`, price: '4.00' },
    ]);
    const agent = request.agent(app);
    await agent.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);
    return agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: [{ asin: product!.asin, quantity: 1 }] })
      .expect(status);
  }

  async function placeOrder(email: string) {
    return (await submitOrder(email, 201)).body as { id: string };
  }

  it('refuses a wrong --address and creates no account', async () => {
    const wrong = await createDoctor('no.state@test.supplyhub.test', [
      '--address',
      '{"street_line1":"1 Main St","city":"Boston","postal_code":"02115"}',
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('--address state');
    const notJson = await createDoctor('not.json@test.supplyhub.test', ['--address', 'Boston']);
    expect([notJson.code, notJson.stderr]).toEqual([1, expect.stringContaining('--address must be a JSON object')]);
    expect(
      await database.db('users').whereIn('email', ['no.state@test.supplyhub.test', 'not.json@test.supplyhub.test']),
    ).toEqual([]);
  });

  it('with --address the account ships there: its order shows the ship-to on the approvals screen', async () => {
    const created = await createDoctor('with.address@test.supplyhub.test', [
      '--address',
      '{"street_line1":"1 Main St","city":"Boston","state":"ma","postal_code":"02115"}',
    ]);
    expect([created.code, created.stderr]).toEqual([0, '']);
    expect(created.stdout).toContain('ships to 1 Main St, Boston MA 02115.');
    const order = await placeOrder('with.address@test.supplyhub.test');
    const listed = await admin.get(`/api/admin/orders/${order.id}`).expect(200);
    expect(listed.body.ship_to_status).toEqual({
      full_name: 'Dana Reyes',
      city: 'Boston',
      state: 'MA',
      postal_code: '02115',
    });
  });

  it('without --address the account may not order; an order whose address went away since shows why it is blocked', async () => {
    const created = await createDoctor('no.address@test.supplyhub.test', []);
    expect(created.code).toBe(0);
    const refused = await submitOrder('no.address@test.supplyhub.test', 422);
    expect(refused.body).toMatchObject({ code: 'SHIPPING_ADDRESS_REQUIRED' });

    const later = await createDoctor('address.gone@test.supplyhub.test', [
      '--address',
      '{"street_line1":"1 Main St","city":"Boston","state":"MA","postal_code":"02115"}',
    ]);
    expect(later.code).toBe(0);
    const order = await placeOrder('address.gone@test.supplyhub.test');
    await database
      .db('shipping_addresses')
      .whereIn('user_id', database.db('users').select('id').where({ email: 'address.gone@test.supplyhub.test' }))
      .delete();
    // The approvals inbox carries the ship-to the card reads its blocked reason from.
    const inbox = await admin.get('/api/admin/approvals').expect(200);
    const waiting = (inbox.body as { id: string; ship_to_status: unknown }[]).find((row) => row.id === order.id);
    expect(waiting).toMatchObject({ ship_to_status: null });
    const blocked = await admin.post(`/api/admin/orders/${order.id}/approve`).send({}).expect(422);
    expect(blocked.body).toMatchObject({
      code: 'MISSING_SHIP_TO',
      message: 'The requester has no shipping address. Add one, then approve again.',
    });
    expect(await database.db('orders').where({ id: order.id }).first('status')).toEqual({ status: 'pending' });
  });
});
