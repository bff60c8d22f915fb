import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';

import { afterAll, beforeAll, expect } from '@jest/globals';
import request from 'supertest';

import type { SupplierDocumentHeader } from '../modules/supplier/cxml/cxml-supplier-documents.js';
import { insertProducts } from './catalog-fixtures.js';
import { closeTestApp, createTestApp, signedInAgent } from './http-test-app.js';
import { freePort } from './processes.js';
import { createIsolatedDatabase } from './test-context.js';

export const SUPPLIER_IDENTITY = 'SANDBOX-SUPPLIER';
export const INBOUND_SECRET = 'inbound-secret-4821-long-enough';

export interface SentOrder {
  id: string;
  order_number: string;
  payload_id: string;
  requester: Awaited<ReturnType<typeof signedInAgent>>;
}

/**
 * A portal listening on a port with the sandbox supplier as its punchout target and inbound
 * supplier credentials set: orders go the whole real way (a doctor orders, an admin approves, the
 * sandbox accepts), and supplier documents come back over HTTP. Registers its own beforeAll/afterAll.
 */
export function useFulfilmentTestbed(options: { env?: Record<string, string> } = {}) {
  const state = {} as {
    database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
    app: ReturnType<typeof createTestApp>;
    server: Server;
    baseUrl: string;
  };

  beforeAll(async () => {
    state.database = await createIsolatedDatabase();
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    state.baseUrl = baseUrl;
    state.app = createTestApp(state.database.db, {
      env: { PUBLIC_URL: baseUrl, SUPPLIER_ALLOWED_HOSTS: `127.0.0.1:${new URL(baseUrl).port}`, ...options.env },
    });
    state.server = state.app.listen(Number(new URL(baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => state.server.once('listening', resolve));
    const { agent } = await signedInAgent(state.app, state.database.db, ['admin']);
    // The supplier's inbound credentials are set the way an administrator does, in the punchout settings.
    const saved = await agent
      .put('/api/admin/settings/punchout')
      .send({
        punchout_url: `${baseUrl}/sandbox/supplier/cxml`,
        identity: 'SUPPLYHUB-TEST',
        shared_secret: 'sandbox-secret-123',
        test_mode: true,
        inbound_identity: SUPPLIER_IDENTITY,
        inbound_shared_secret: INBOUND_SECRET,
      })
      .expect(200);
    expect(saved.body).toMatchObject({ inbound_identity: SUPPLIER_IDENTITY, inbound_shared_secret_masked: '••••••••' });
    expect(JSON.stringify(saved.body)).not.toContain(INBOUND_SECRET);
  });
  afterAll(async () => {
    await new Promise((resolve) => state.server.close(resolve));
    await closeTestApp(state.app);
    await state.database.drop();
  });

  /** A doctor and an admin, signed in: pass them to sentOrder to place many orders without signing in each time. */
  async function orderingPeople() {
    const requester = await signedInAgent(state.app, state.database.db, ['doctor']);
    const { agent: admin } = await signedInAgent(state.app, state.database.db, ['admin']);
    return { requester, admin };
  }

  /** A doctor orders, an admin approves, the sandbox supplier accepts: an order as a supplier knows it. */
  async function sentOrder(
    quantities: number[] = [10, 4],
    people?: Awaited<ReturnType<typeof orderingPeople>>,
  ): Promise<SentOrder> {
    const { app, database } = state;
    const products = await insertProducts(
      database.db,
      quantities.map((_quantity, index) => ({
        title: `Inbound item ${index} ${randomUUID().slice(0, 6)}`,
        price: '5.00',
      })),
    );
    const requester = people?.requester ?? (await signedInAgent(app, database.db, ['doctor']));
    await requester.agent
      .put('/api/me/shipping-address')
      .send({ full_name: 'Ward 4B', street_line1: '1 Dock Rd', city: 'Boston', state: 'MA', postal_code: '02118' })
      .expect(200);
    const order = await requester.agent
      .post('/api/orders')
      .set('Idempotency-Key', `k-${randomUUID()}`)
      .send({ lines: products.map((product, index) => ({ asin: product.asin, quantity: quantities[index] })) })
      .expect(201);
    const admin = people?.admin ?? (await signedInAgent(app, database.db, ['admin'])).agent;
    await admin.post(`/api/admin/orders/${order.body.id}/approve`).expect(200);
    const row = await database
      .db('orders')
      .where({ id: order.body.id })
      .first('id', 'order_number', 'payload_id', 'status');
    expect(row.status).toBe('submitted');
    return { id: row.id, order_number: row.order_number, payload_id: row.payload_id, requester };
  }

  function supplierHeader(now: Date, overrides: Partial<SupplierDocumentHeader> = {}): SupplierDocumentHeader {
    return {
      payloadId: `${randomUUID()}@supplier.test`,
      timestamp: now,
      deploymentMode: 'test',
      fromIdentity: SUPPLIER_IDENTITY,
      toIdentity: 'SUPPLYHUB-TEST',
      senderIdentity: SUPPLIER_IDENTITY,
      sharedSecret: INBOUND_SECRET,
      userAgent: 'Supplier test',
      ...overrides,
    };
  }

  function postDocument(xml: string, contentType = 'text/xml') {
    return request(state.app).post('/api/cxml/inbound').set('Content-Type', contentType).send(xml);
  }

  return {
    get database() {
      return state.database;
    },
    get app() {
      return state.app;
    },
    get baseUrl() {
      return state.baseUrl;
    },
    sentOrder,
    orderingPeople,
    supplierHeader,
    postDocument,
  };
}
