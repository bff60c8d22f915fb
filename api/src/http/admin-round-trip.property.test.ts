import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';

import { CATEGORIES } from '../contracts/catalog.js';
import { allEndpoints } from '../contracts/endpoints/index.js';
import { US_STATES } from '../contracts/us-states.js';
import type { Db } from '../database/connection.js';
import { uniqueAsin } from '../test-support/catalog-fixtures.js';
import { closeTestApp, createTestApp, createTestUser, TEST_PASSWORD } from '../test-support/http-test-app.js';
import { createIsolatedDatabase } from '../test-support/test-context.js';

/**
 * Round trip: every record the back office edits, read through the real
 * ra-data-simple-rest client and written back unchanged with its `update`, answers 2xx and leaves
 * the database row as it was. Records are generated (fast-check) in every stored shape the API can
 * hold: money with and without cents, empty optional fields, every category and state.
 *
 * Resources: products (PUT /products/:id); settings company, automation and punchout
 * (PUT /settings/:kind); a user's shipping address (PUT /users/:id/shipping-address, the user's
 * only generic write). Orders and the rest of a user change by commands only (STYLE.md rule 4):
 * they have no generic update to round-trip, and the test checks that none is mounted.
 *
 * A record with a changed representation is caught: the last test sends prices in cents (a
 * client that "converts money" on the way back) and expects the check to report the changed row.
 * Tried on purpose: with money accepted as numbers only (as before money became decimal strings,
 * docs/adr/0005), the products and
 * automation properties fail at once (counterexample: a product priced "0.00", 400 'Price is required').
 */
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let db: Db;
let app: ReturnType<typeof createTestApp>;
let server: ReturnType<ReturnType<typeof createTestApp>['listen']>;
let base = '';
let cookie = '';
let dataProvider: DataProvider;

const RUNS = { numRuns: 25 };

function clientFor(transformBody: (body: string) => string = (body) => body): DataProvider {
  return simpleRestProvider(`${base}/api/admin`, (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('Cookie', cookie);
    const body = typeof options.body === 'string' ? transformBody(options.body) : options.body;
    return fetchUtils.fetchJson(url, { ...options, body, headers });
  });
}

beforeAll(async () => {
  database = await createIsolatedDatabase();
  db = database.db;
  app = createTestApp(db);
  server = app.listen(0, '127.0.0.1');
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = await createTestUser(db, ['admin']);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
  });
  cookie = /supply_hub\.sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
  dataProvider = clientFor();
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeTestApp(app);
  await database.drop();
});

/** Text as the API stores it: trimmed, printable, never empty (empty optional text is null). */
const text = (maxLength: number) =>
  fc
    .string({ minLength: 1, maxLength })
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
/** Dollars as the database keeps them: two decimals, whole amounts included. */
const money = (maxCents: number) => fc.integer({ min: 0, max: maxCents }).map((cents) => (cents / 100).toFixed(2));
const webAddress = fc.webUrl({ validSchemes: ['https'] }).filter((url) => !/\s/.test(url) && url.length <= 2000);

const productRow = fc.record({
  title: text(300),
  description: optional(text(5000)),
  manufacturer: optional(text(200)),
  vendor: optional(text(200)),
  category: optional(fc.constantFrom(...CATEGORIES)),
  sku: optional(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/)),
  product_url: optional(webAddress),
  price: optional(money(100_000_000)),
  amazon_price: optional(money(100_000_000)),
  in_stock: fc.boolean(),
  active: fc.boolean(),
  min_shelf_life_days: fc.integer({ min: 0, max: 3650 }),
});

async function rowOf(table: string, where: Record<string, unknown>): Promise<Record<string, unknown>> {
  return db(table).where(where).first();
}

/** The bookkeeping of a save (who, when) is no change to the record. */
function withoutBookkeeping(row: Record<string, unknown>) {
  const { updated_at: _at, updated_by: _by, ...rest } = row;
  return rest;
}

/** Reads through getOne, writes the same record back with update; answers what changed. */
async function roundTrip(client: DataProvider, resource: string, id: string) {
  const { data: record } = await client.getOne(resource, { id });
  const { data: saved } = await client.update(resource, { id, data: record, previousData: record });
  return { record, saved };
}

describe('round trip through ra-data-simple-rest: what the admin API answers, it accepts unchanged', () => {
  it('products: every generated product, read and written back, answers 2xx and its row stays as it was', async () => {
    await fc.assert(
      fc.asyncProperty(productRow, async (product) => {
        const sku = product.sku === null ? null : `${product.sku.slice(0, 30)}-${uniqueAsin()}`;
        const [inserted] = await db('products')
          .insert({ ...product, sku, asin: uniqueAsin() })
          .returning<{ id: string }[]>('id');
        const before = await rowOf('products', { id: inserted!.id });
        const { record, saved } = await roundTrip(dataProvider, 'products', inserted!.id);
        expect(record.min_shelf_life_days).toBe(product.min_shelf_life_days);
        expect(saved).toEqual(record);
        expect(await rowOf('products', { id: inserted!.id })).toEqual(before);
      }),
      RUNS,
    );
  });

  it('products from a list page round-trip too (the records getList hands the edit form)', async () => {
    const { data } = await dataProvider.getList('products', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'price', order: 'DESC' },
      filter: {},
    });
    expect(data.length).toBeGreaterThan(0);
    for (const record of data) {
      const before = await rowOf('products', { id: record.id });
      await dataProvider.update('products', { id: record.id, data: record, previousData: record });
      expect(await rowOf('products', { id: record.id })).toEqual(before);
    }
  });

  it('company settings: every generated company, read and written back, keeps its row', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: text(200),
          contact_email: optional(fc.constantFrom('ops@lakeside.example', 'a.b+c@clinic.example.org')),
          phone: optional(text(40)),
          timezone: fc.constantFrom('UTC', 'America/Chicago', 'Europe/Berlin', 'Asia/Kolkata'),
          bill_to_street: optional(text(200)),
          bill_to_city: optional(text(100)),
          bill_to_state: optional(fc.constantFrom(...US_STATES.map((state) => state.code))),
          bill_to_postal_code: optional(text(20)),
        }),
        async (company) => {
          await db('company_settings').where({ id: 1 }).update(company);
          const before = await rowOf('company_settings', { id: 1 });
          const { record, saved } = await roundTrip(dataProvider, 'settings', 'company');
          expect(saved).toEqual(record);
          expect(withoutBookkeeping(await rowOf('company_settings', { id: 1 }))).toEqual(withoutBookkeeping(before));
        },
      ),
      RUNS,
    );
  });

  it('automation settings: money answered as decimal strings comes back unchanged, whole dollars and cents', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          auto_sync_daily: fc.boolean(),
          email_notifications_new_orders: fc.boolean(),
          auto_approve_enabled: fc.boolean(),
          auto_approve_under_amount: money(100_000_000),
          max_order_total: money(100_000_000_000).filter((amount) => Number(amount) >= 1),
        }),
        async (automation) => {
          await db('automation_settings').where({ id: 1 }).update(automation);
          const before = await rowOf('automation_settings', { id: 1 });
          const { record, saved } = await roundTrip(dataProvider, 'settings', 'automation');
          expect(record).toMatchObject({
            auto_approve_under_amount: automation.auto_approve_under_amount,
            max_order_total: automation.max_order_total,
          });
          expect(saved).toEqual(record);
          expect(withoutBookkeeping(await rowOf('automation_settings', { id: 1 }))).toEqual(withoutBookkeeping(before));
        },
      ),
      RUNS,
    );
  });

  it('punchout settings: the view (secret masked) written back keeps the stored secret and every field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          punchout_url: webAddress,
          identity: text(200),
          shared_secret: text(100),
          test_punchout_url: optional(webAddress),
          // Random hosts are outside SUPPLIER_ALLOWED_HOSTS: production mode refuses them, test mode keeps them.
          test_mode: fc.constant(true),
        }),
        async (punchout) => {
          await fetch(`${base}/api/admin/settings/punchout`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', Cookie: cookie },
            body: JSON.stringify(punchout),
          }).then((response) => expect(response.status).toBe(200));
          const before = await rowOf('punchout_settings', { id: 1 });
          const { record, saved } = await roundTrip(dataProvider, 'settings', 'punchout');
          expect({ ...saved, updated_at: null }).toEqual({ ...record, updated_at: null });
          expect(withoutBookkeeping(await rowOf('punchout_settings', { id: 1 }))).toEqual(withoutBookkeeping(before));
        },
      ),
      { numRuns: 10 },
    );
  });

  it('a user’s shipping address, read with the user and written back, keeps its row', async () => {
    const user = await createTestUser(db, ['nurse']);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          full_name: text(200),
          street_line1: text(200),
          street_line2: optional(text(200)),
          city: text(100),
          state: fc.constantFrom(...US_STATES.map((state) => state.code)),
          postal_code: text(20),
          country: fc.constant('US'),
          phone: optional(text(40)),
        }),
        async (address) => {
          await db('shipping_addresses')
            .insert({ user_id: user.id, ...address })
            .onConflict('user_id')
            .merge(address);
          const before = await rowOf('shipping_addresses', { user_id: user.id });
          const { data: record } = await dataProvider.getOne('users', { id: user.id });
          expect(record.shipping_address).toEqual(address);
          const { data: saved } = await dataProvider.update(`users/${user.id}`, {
            id: 'shipping-address',
            data: record.shipping_address,
            previousData: record.shipping_address,
          });
          expect(saved.shipping_address).toEqual(address);
          expect(withoutBookkeeping(await rowOf('shipping_addresses', { user_id: user.id }))).toEqual(
            withoutBookkeeping(before),
          );
        },
      ),
      RUNS,
    );
  });

  it('a user record written back unchanged answers 200 and changes nothing; only its department and limits are editable', async () => {
    const user = await createTestUser(db, ['doctor']);
    // Per-user limits come back as decimal strings and are accepted as they come.
    await db('profiles').where({ user_id: user.id }).update({ order_limit: '250.50', monthly_limit: '1000' });
    const before = await rowOf('profiles', { user_id: user.id });
    const { data: record } = await dataProvider.getOne('users', { id: user.id });
    const { data: saved } = await dataProvider.update('users', { id: user.id, data: record, previousData: record });
    expect(saved).toEqual(record);
    expect(withoutBookkeeping(await rowOf('profiles', { user_id: user.id }))).toEqual(withoutBookkeeping(before));
  });

  it('departments: a record with 0, 1 or several budget owners, written back unchanged, answers 200 and keeps its owners', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3 }), fc.boolean(), async (ownerCount, active) => {
        const owners = await Promise.all(Array.from({ length: ownerCount }, () => createTestUser(db, ['nurse'])));
        const [department] = await db('departments')
          .insert({ code: `RT-${randomUUID().slice(0, 8).toUpperCase()}`, name: 'Round trip ward', active })
          .returning<{ id: string }[]>('id');
        if (owners.length > 0) {
          await db('department_budget_owners').insert(
            owners.map((owner) => ({ department_id: department!.id, user_id: owner.id })),
          );
        }
        const ownersOf = () =>
          db('department_budget_owners').where({ department_id: department!.id }).orderBy('user_id').pluck('user_id');
        const before = [await rowOf('departments', { id: department!.id }), await ownersOf()];
        const { record, saved } = await roundTrip(dataProvider, 'departments', department!.id);
        expect(saved).toEqual(record);
        expect([withoutBookkeeping(await rowOf('departments', { id: department!.id })), await ownersOf()]).toEqual([
          withoutBookkeeping(before[0] as Record<string, unknown>),
          before[1],
        ]);
      }),
      { numRuns: 8 },
    );
  });

  it('locations: every generated stock list, read and written back (from getOne and from a list page), keeps its rows', async () => {
    const [department] = await db('departments')
      .insert({ code: `RT-${randomUUID().slice(0, 8).toUpperCase()}`, name: 'Round trip ward' })
      .returning<{ id: string }[]>('id');
    const products = await db('products')
      .insert(Array.from({ length: 6 }, (_, index) => ({ title: `Par item ${index}`, asin: uniqueAsin() })))
      .returning<{ id: string }[]>('id');
    const stockLine = fc.record({
      par: fc.integer({ min: 1, max: 1_000_000 }),
      reorder_point: optional(fc.integer({ min: 0, max: 1_000_000 })),
      pack_size: fc.integer({ min: 1, max: 1_000_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ name: text(100), active: fc.boolean() }),
        fc.array(stockLine, { maxLength: products.length }),
        async (location, lines) => {
          const [inserted] = await db('locations')
            .insert({ ...location, department_id: department!.id })
            .returning<{ id: string }[]>('id');
          if (lines.length > 0) {
            await db('location_stock_lines').insert(
              lines.map((line, position) => ({
                ...line,
                position,
                location_id: inserted!.id,
                product_id: products[position]!.id,
              })),
            );
          }
          const snapshot = async () => ({
            location: await rowOf('locations', { id: inserted!.id }),
            lines: await db('location_stock_lines').where({ location_id: inserted!.id }).orderBy('position'),
          });
          const before = await snapshot();
          const { record, saved } = await roundTrip(dataProvider, 'locations', inserted!.id);
          expect(record.stock_list).toHaveLength(lines.length);
          expect(saved).toEqual(record);
          const { data: page } = await dataProvider.getList('locations', {
            pagination: { page: 1, perPage: 5 },
            sort: { field: 'name', order: 'ASC' },
            filter: { id: inserted!.id },
          });
          await dataProvider.update('locations', { id: inserted!.id, data: page[0], previousData: page[0] });
          expect(await snapshot()).toEqual(before);
        },
      ),
      RUNS,
    );
  });

  it('orders have no generic update: their changes are commands', async () => {
    const orderUpdates = allEndpoints.filter(
      (endpoint) => ['put', 'patch'].includes(endpoint.method) && endpoint.path === '/api/admin/orders/:id',
    );
    expect(orderUpdates).toEqual([]);
    await expect(
      dataProvider.update('orders', { id: randomUUID(), data: { status: 'approved' }, previousData: {} }),
    ).rejects.toMatchObject({ status: 404, body: { code: 'ROUTE_NOT_FOUND' } });
  });

  it('catches a client that changes the representation of money: the row check reports it', async () => {
    const [inserted] = await db('products')
      .insert({ title: 'Cents probe', asin: uniqueAsin(), price: '24.95', category: 'Wound Care' })
      .returning<{ id: string }[]>('id');
    const before = await rowOf('products', { id: inserted!.id });
    const inCents = clientFor((body) => {
      const record = JSON.parse(body) as { price?: string };
      return JSON.stringify({ ...record, price: Math.round(Number(record.price) * 100) });
    });
    await roundTrip(inCents, 'products', inserted!.id);
    expect(await rowOf('products', { id: inserted!.id })).not.toEqual(before);
    expect((await rowOf('products', { id: inserted!.id })).price).toBe('2495.00');
  });
});
