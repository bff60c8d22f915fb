import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';

import { insertProducts } from '../test-support/catalog-fixtures.js';
import { createTestApp, createTestUser, TEST_PASSWORD, closeTestApp } from '../test-support/http-test-app.js';
import { openSharedTestDb } from '../test-support/test-context.js';

/** The back office's own data-provider package, against the running API: the protocol, exactly. */
const db = openSharedTestDb();
const app = createTestApp(db);
const server = app.listen(0, '127.0.0.1');
let dataProvider: ReturnType<typeof simpleRestProvider>;

beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = await createTestUser(db, ['admin']);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
  });
  const cookie = /supply_hub\.sid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0] ?? '';
  dataProvider = simpleRestProvider(`${base}/api/admin`, (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    headers.set('Cookie', cookie);
    return fetchUtils.fetchJson(url, { ...options, headers });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeTestApp(app);
  await db.destroy();
});

describe('ra-data-simple-rest against /api/admin', () => {
  it('getList, getOne, getMany, create and update products with sort, range and filter', async () => {
    const [a, b] = await insertProducts(db, [
      { title: 'RA alpha probe', price: '1.00' },
      { title: 'RA beta probe', price: '2.00' },
    ]);
    const list = await dataProvider.getList('products', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'price', order: 'DESC' },
      filter: { q: 'RA ', active: true },
    });
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.data).toHaveLength(1);
    expect((await dataProvider.getOne('products', { id: a!.id })).data).toMatchObject({ title: 'RA alpha probe' });
    const many = await dataProvider.getMany('products', { ids: [a!.id, b!.id] });
    expect(many.data.map((row) => row.id).sort()).toEqual([a!.id, b!.id].sort());
    const created = await dataProvider.create('products', {
      data: { title: 'RA created', category: 'Wound Care', manufacturer: 'Medline', price: 3.5 },
    });
    expect(created.data).toMatchObject({ vendor: 'manual', price: '3.50' });
    const updated = await dataProvider.update('products', {
      id: created.data.id,
      data: { title: 'RA renamed' },
      previousData: created.data,
    });
    expect(updated.data.title).toBe('RA renamed');
  });

  it('getManyReference orders by requester, and refuses unknown sort fields', async () => {
    const user = await createTestUser(db, ['doctor']);
    const orders = await dataProvider.getManyReference('orders', {
      target: 'user_id',
      id: user.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(orders).toMatchObject({ data: [], total: 0 });
    await expect(
      dataProvider.getList('users', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'password_hash', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 400 });
    const users = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'email', order: 'ASC' },
      filter: { group: 'admins' },
    });
    expect(users.data.every((row) => row.is_admin === true)).toBe(true);
    const audit = await dataProvider.getList('audit-events', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'occurred_at', order: 'DESC' },
      filter: { action: 'product.' },
    });
    expect(audit.data.length).toBeGreaterThan(0);
  });

  it('getMany answers every id asked for, past the default page of 25, on every resource', async () => {
    const products = await insertProducts(
      db,
      Array.from({ length: 30 }, (_, index) => ({ title: `RA many ${index}` })),
    );
    const requester = await createTestUser(db, ['doctor']);
    const orders: { id: string }[] = await db('orders')
      .insert(Array.from({ length: 30 }, () => ({ user_id: requester.id, user_email: requester.email })))
      .returning('id');
    const users = await Promise.all(Array.from({ length: 30 }, () => createTestUser(db, ['doctor'])));
    const auditEvents: { id: string }[] = await db('audit_events')
      .insert(Array.from({ length: 30 }, (_, index) => ({ actor_label: 'system', action: `ra.many.${index}` })))
      .returning('id');
    const idsOf = {
      products: products.map((row) => row.id),
      orders: orders.map((row) => row.id),
      users: users.map((row) => row.id),
      'audit-events': auditEvents.map((row) => String(row.id)),
    };
    for (const [resource, ids] of Object.entries(idsOf)) {
      const many = await dataProvider.getMany(resource, { ids });
      expect({ resource, ids: many.data.map((row) => String(row.id)).sort() }).toEqual({
        resource,
        ids: [...ids].sort(),
      });
    }
  });

  it('refuses more than 200 ids, or a page of more than 200 rows, with 400 and a clear message', async () => {
    const ids = Array.from({ length: 201 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    await expect(dataProvider.getMany('products', { ids })).rejects.toMatchObject({
      status: 400,
      body: { code: 'TOO_MANY_IDS', message: 'filter id lists 201 ids; at most 200 can be looked up at a time' },
    });
    await expect(
      dataProvider.getList('orders', {
        pagination: { page: 1, perPage: 201 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: {},
      }),
    ).rejects.toMatchObject({
      status: 400,
      body: {
        code: 'RANGE_TOO_LARGE',
        message: 'range asks for 201 rows; a page holds at most 200: ask for the next page',
      },
    });
    const fullPage = await dataProvider.getList('products', {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'title', order: 'ASC' },
      filter: {},
    });
    expect(fullPage.data.length).toBeLessThanOrEqual(200);
  });
});
