import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import request from 'supertest';

import { encryptSecret } from '../../crypto/secret-box.js';
import { errorHandler } from '../../http/error-handler.js';
import type { RouteDependencies } from '../../http/route-dependencies.js';
import { closeTestApp, createTestApp } from '../../test-support/http-test-app.js';
import { createIsolatedDatabase, silentLog, testConfig } from '../../test-support/test-context.js';
import { buildOrderRequestXml } from '../supplier/cxml/cxml-order-request.js';
import { buildProfileRequestXml } from '../supplier/cxml/cxml-request-document.js';
import { parseCxmlResponse } from '../supplier/cxml/cxml-response.js';
import { CxmlParseError, type CxmlOrderRequestInput } from '../supplier/cxml/cxml.types.js';
import { createThrottles } from '../throttles/throttles.js';
import { sandboxSupplierRoutes } from './sandbox-supplier.routes.js';

const IDENTITY = 'SUPPLYHUB-TEST';
const SECRET = 'sandbox-shared-secret-&-<42>';
// Long enough that the resend, stored-order lookup and all, is answered first on a loaded machine.
const SLOW_ANSWER_MS = 2_000;
const CXML_PATH = '/sandbox/supplier/cxml';

function orderXml(
  overrides: { quantity?: number; secret?: string; identity?: string; payloadId?: string; orderId?: string } = {},
) {
  const payloadId = overrides.payloadId ?? `${Date.now()}.${randomBytes(6).toString('hex')}@supplyhub.test`;
  const input: CxmlOrderRequestInput = {
    payloadId,
    timestamp: new Date(),
    deploymentMode: 'test',
    fromIdentity: IDENTITY,
    toIdentity: 'SANDBOX',
    senderIdentity: overrides.identity ?? IDENTITY,
    sharedSecret: overrides.secret ?? SECRET,
    userAgent: 'Supply Hub test',
    orderId: overrides.orderId ?? `SO-${randomBytes(3).toString('hex')}`,
    orderDate: new Date(),
    total: '30.00',
    currency: 'USD',
    shipTo: {
      addressName: 'Cardiology',
      deliverTo: 'Dana Whitfield',
      streets: ['1200 Lakeshore Dr'],
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      countryCode: 'US',
    },
    billTo: { addressName: 'Lakeside Health', streets: [] },
    items: [
      {
        lineNumber: 1,
        quantity: 1,
        supplierPartId: 'B000GAUZE1',
        unitPrice: '10.00',
        description: 'Gauze',
        unitOfMeasure: 'EA',
        unspsc: '42311500',
      },
      {
        lineNumber: 2,
        quantity: overrides.quantity ?? 2,
        supplierPartId: 'B000GLOVE1',
        unitPrice: '10.00',
        description: 'Gloves',
        unitOfMeasure: 'EA',
        unspsc: '42132200',
      },
    ],
  };
  return { xml: buildOrderRequestXml(input), payloadId, orderId: input.orderId };
}

describe('sandbox supplier', () => {
  let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
  let app: Express;

  const send = (xml: string, contentType = 'text/xml') =>
    request(app).post(CXML_PATH).set('Content-Type', contentType).send(xml);
  const storedRows = (payloadId: string) => database.db('sandbox_supplier_orders').where({ payload_id: payloadId });

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const config = testConfig();
    const dependencies: RouteDependencies = {
      contextFor: (req) => ({
        db: database.db,
        config,
        log: req.log,
        now: () => new Date(),
        actor: { kind: 'anonymous', label: 'anonymous' },
      }),
      db: database.db,
      config,
      now: () => new Date(),
      version: 'test',
      startedAt: new Date(),
      throttles: createThrottles(database.db, config),
    };
    app = express();
    app.use(pinoHttp({ logger: silentLog }));
    app.use(sandboxSupplierRoutes(dependencies, { slowAnswerMs: SLOW_ANSWER_MS }));
    app.use(errorHandler);
  });
  afterAll(() => database.drop());

  beforeEach(async () => {
    await database
      .db('punchout_settings')
      .insert({
        id: 1,
        identity: IDENTITY,
        shared_secret_encrypted: encryptSecret(SECRET, testConfig().settingsEncryptionKey),
      })
      .onConflict('id')
      .merge();
    await request(app).post('/sandbox/supplier/control').send({ failNext: null }).expect(200);
  });

  it('POST /sandbox/supplier/cxml with the right credentials answers cXML 200 with a supplier order id and stores the order', async () => {
    const { xml, payloadId, orderId } = orderXml();
    const response = await send(xml)
      .expect(200)
      .expect('Content-Type', /text\/xml/);
    const parsed = parseCxmlResponse(response.text);
    expect(parsed).toMatchObject({ statusCode: 200, statusText: 'OK' });
    expect(parsed.supplierOrderId).toMatch(/^SBX-[0-9A-F]{8}$/);
    expect(await storedRows(payloadId)).toEqual([
      expect.objectContaining({
        order_id: orderId,
        supplier_order_id: parsed.supplierOrderId,
        response_status: 200,
        deployment_mode: 'test',
      }),
    ]);
  });

  it('answers a resend of the same payloadID with the same supplier order id, keeping one order', async () => {
    const { xml, payloadId } = orderXml();
    const first = parseCxmlResponse((await send(xml).expect(200)).text);
    const [second, third] = await Promise.all([send(xml).expect(200), send(xml).expect(200)]);
    expect(parseCxmlResponse(second.text).supplierOrderId).toBe(first.supplierOrderId);
    expect(parseCxmlResponse(third.text).supplierOrderId).toBe(first.supplierOrderId);
    expect(await storedRows(payloadId)).toHaveLength(1);
  });

  it('answers cXML 409 when a known payloadID comes with another order', async () => {
    const { xml, payloadId } = orderXml();
    await send(xml).expect(200);
    const reused = orderXml({ payloadId, orderId: 'SO-OTHER' });
    expect(parseCxmlResponse((await send(reused.xml).expect(409)).text).statusCode).toBe(409);
    expect(await storedRows(payloadId)).toHaveLength(1);
  });

  it.each([
    ['a wrong shared secret', { secret: 'not-the-secret' }],
    ['a wrong sender identity', { identity: 'SOMEONE-ELSE' }],
  ])('answers cXML 401 Unauthorized to %s and stores nothing', async (_name, overrides) => {
    const { xml, payloadId } = orderXml(overrides);
    const parsed = parseCxmlResponse((await send(xml).expect(401)).text);
    expect(parsed).toMatchObject({ statusCode: 401, statusText: 'Unauthorized' });
    expect(await storedRows(payloadId)).toHaveLength(0);
  });

  it('checks the credentials against the punchout settings as they are now', async () => {
    await database
      .db('punchout_settings')
      .where({ id: 1 })
      .update({ shared_secret_encrypted: encryptSecret('rotated-secret', testConfig().settingsEncryptionKey) });
    expect(parseCxmlResponse((await send(orderXml().xml).expect(401)).text).statusCode).toBe(401);
    expect(
      parseCxmlResponse((await send(orderXml({ secret: 'rotated-secret' }).xml).expect(200)).text).statusCode,
    ).toBe(200);
  });

  it('answers cXML 400 to an OrderRequest without ItemOut or orderID', async () => {
    const withoutItems = orderXml();
    const noItems = withoutItems.xml.replace(/<ItemOut[\s\S]*<\/ItemOut>/, '');
    const parsed = parseCxmlResponse((await send(noItems).expect(400)).text);
    expect(parsed).toMatchObject({ statusCode: 400, message: 'The OrderRequest has no ItemOut.' });
    const noOrderId = orderXml().xml.replace(/orderID="[^"]*"/, 'orderID=""');
    expect(parseCxmlResponse((await send(noOrderId).expect(400)).text).statusCode).toBe(400);
    expect(await storedRows(withoutItems.payloadId)).toHaveLength(0);
  });

  it('answers cXML 400 to hostile XML (a DOCTYPE declaring entities) and stores nothing', async () => {
    const { xml, payloadId } = orderXml();
    const hostile = xml
      .replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE cXML [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>')
      .replace('<UserAgent>Supply Hub test</UserAgent>', '<UserAgent>&lol2;</UserAgent>');
    const parsed = parseCxmlResponse((await send(hostile).expect(400)).text);
    expect(parsed.statusCode).toBe(400);
    expect(parsed.message).toMatch(/entity declarations are not accepted/);
    expect(await storedRows(payloadId)).toHaveLength(0);
  });

  it('answers cXML 400 to a body that is not XML or not sent as XML', async () => {
    expect(parseCxmlResponse((await send('{"order":1}', 'application/json').expect(400)).text).statusCode).toBe(400);
    expect(parseCxmlResponse((await send('', 'text/xml').expect(400)).text).statusCode).toBe(400);
  });

  it('fails with HTTP 500 and cXML 500 for quantity 9001, storing nothing', async () => {
    const { xml, payloadId } = orderXml({ quantity: 9001 });
    const parsed = parseCxmlResponse((await send(xml).expect(500)).text);
    expect(parsed).toMatchObject({ statusCode: 500, supplierOrderId: null });
    expect(await storedRows(payloadId)).toHaveLength(0);
  });

  it('rejects with HTTP 200 and cXML 400 Bad Request for quantity 9002, storing nothing', async () => {
    const { xml, payloadId } = orderXml({ quantity: 9002 });
    const parsed = parseCxmlResponse((await send(xml).expect(200)).text);
    expect(parsed).toMatchObject({ statusCode: 400, statusText: 'Bad Request' });
    expect(await storedRows(payloadId)).toHaveLength(0);
  });

  it('for quantity 9003 stores the order, answers late, and answers a resend at once with the same id', async () => {
    const { xml, payloadId } = orderXml({ quantity: 9003 });
    const started = Date.now();
    let isAnswered = false;
    const slow = send(xml).then((response) => {
      isAnswered = true;
      return response;
    });
    await waitFor(async () => (await storedRows(payloadId)).length === 1);
    expect(isAnswered).toBe(false);
    const resend = await send(xml).expect(200);
    expect(isAnswered).toBe(false);
    const late = await slow;
    expect(late.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_ANSWER_MS - 20);
    expect(parseCxmlResponse(late.text).supplierOrderId).toBe(parseCxmlResponse(resend.text).supplierOrderId);
    expect(await storedRows(payloadId)).toHaveLength(1);
  });

  it('for quantity 9004 stores the order and drops the connection; a resend gets the stored id', async () => {
    const { xml, payloadId } = orderXml({ quantity: 9004 });
    await expect(send(xml)).rejects.toThrow(/socket hang up|ECONNRESET/);
    const [stored] = await storedRows(payloadId);
    const resend = parseCxmlResponse((await send(xml).expect(200)).text);
    expect(resend.supplierOrderId).toBe(stored?.supplier_order_id);
  });

  it('answers a malformed XML body for quantity 9005 and an HTML 502 page for 9006, storing nothing', async () => {
    const malformed = orderXml({ quantity: 9005 });
    const malformedResponse = await send(malformed.xml).expect(200);
    expect(() => parseCxmlResponse(malformedResponse.text)).toThrow(CxmlParseError);
    const html = orderXml({ quantity: 9006 });
    const htmlResponse = await send(html.xml)
      .expect(502)
      .expect('Content-Type', /text\/html/);
    expect(() => parseCxmlResponse(htmlResponse.text)).toThrow(CxmlParseError);
    expect(await storedRows(malformed.payloadId)).toHaveLength(0);
    expect(await storedRows(html.payloadId)).toHaveLength(0);
  });

  it('POST /sandbox/supplier/control arms a one-shot failure for the next order only', async () => {
    await request(app)
      .post('/sandbox/supplier/control')
      .send({ failNext: 'http500' })
      .expect(200, { failNext: 'http500' });
    const { xml, payloadId } = orderXml();
    await send(xml).expect(500);
    expect(await storedRows(payloadId)).toHaveLength(0);
    await send(xml).expect(200);
    expect(await storedRows(payloadId)).toHaveLength(1);
  });

  it('POST /sandbox/supplier/control refuses an unknown failure mode', async () => {
    const response = await request(app).post('/sandbox/supplier/control').send({ failNext: 'explode' }).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  const profileXml = (secret = SECRET) =>
    buildProfileRequestXml({
      payloadId: `${Date.now()}.${randomBytes(6).toString('hex')}@supplyhub.test`,
      timestamp: new Date(),
      deploymentMode: 'test',
      fromIdentity: IDENTITY,
      toIdentity: 'SANDBOX',
      senderIdentity: IDENTITY,
      sharedSecret: secret,
      userAgent: 'Supply Hub self-test',
    });

  it('answers a ProfileRequest with the right credentials with a ProfileResponse naming its URL, storing nothing', async () => {
    const before = await database.db('sandbox_supplier_orders').count('* as n').first();
    const response = await send(profileXml()).expect(200);
    expect(parseCxmlResponse(response.text)).toMatchObject({ statusCode: 200, statusText: 'OK' });
    expect(response.text).toMatch(
      /<Transaction requestName="OrderRequest">\s*<URL>http:\/\/[^<]+\/sandbox\/supplier\/cxml<\/URL>/,
    );
    expect(await database.db('sandbox_supplier_orders').count('* as n').first()).toEqual(before);
  });

  it('answers a ProfileRequest with a wrong secret with HTTP 401 and cXML 401', async () => {
    const response = await send(profileXml('wrong-secret')).expect(401);
    expect(parseCxmlResponse(response.text)).toMatchObject({ statusCode: 401 });
  });

  it('lets an armed failure answer the next ProfileRequest, once', async () => {
    await request(app).post('/sandbox/supplier/control').send({ failNext: 'http500' }).expect(200);
    expect(parseCxmlResponse((await send(profileXml()).expect(500)).text).statusCode).toBe(500);
    await send(profileXml()).expect(200);
  });

  it('GET /sandbox/supplier/orders lists the received orders, filtered by order id', async () => {
    const { xml, payloadId, orderId } = orderXml();
    const supplierOrderId = parseCxmlResponse((await send(xml).expect(200)).text).supplierOrderId;
    const listed = await request(app).get('/sandbox/supplier/orders').query({ order_id: orderId }).expect(200);
    expect(listed.body).toEqual([
      {
        payload_id: payloadId,
        order_id: orderId,
        supplier_order_id: supplierOrderId,
        response_status: 200,
        deployment_mode: 'test',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    const all = await request(app).get('/sandbox/supplier/orders').expect(200);
    expect(all.body.map((order: { payload_id: string }) => order.payload_id)).toContain(payloadId);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('outside demo mode and tests', () => {
  it('has no sandbox supplier: its public failure switch answers 404', async () => {
    const database = await createIsolatedDatabase();
    const production = createTestApp(database.db, { env: { NODE_ENV: 'production', DEMO_MODE: 'false' } });
    try {
      await request(production).post('/sandbox/supplier/control').send({ failNext: 'http500' }).expect(404);
      await request(production).post(CXML_PATH).set('Content-Type', 'text/xml').send(orderXml().xml).expect(404);
    } finally {
      await closeTestApp(production);
      await database.drop();
    }
  });
});
