import { afterAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';

import { endpoint } from '../contracts/endpoints/endpoint.js';
import { AppError } from './app-error.js';
import { errorHandler } from './error-handler.js';
import { RESPONSE_CONTRACT_VIOLATION, responseContract } from './response-contract.js';
import { healthEndpoints } from '../contracts/endpoints/health.endpoints.js';
import { closeTestApp, createTestApp } from '../test-support/http-test-app.js';
import { openSharedTestDb, silentLog } from '../test-support/test-context.js';

const widgetSchema = z.strictObject({ id: z.string(), price: z.string() });
const declarations = [
  endpoint({
    method: 'get',
    path: '/api/widgets/:id',
    summary: 'One widget',
    tag: 'Test',
    access: 'public',
    responses: { 200: widgetSchema },
    errors: [404],
  }),
  endpoint({
    method: 'get',
    path: '/api/widgets',
    summary: 'Widgets as CSV',
    tag: 'Test',
    access: 'public',
    responses: { 200: { contentType: 'text/csv', description: 'CSV' } },
  }),
];

/** An app shaped like ours: an /api router of module routers, the error handler at the app root. */
function appAnswering(widget: unknown) {
  const app = express();
  app.use((req, _res, next) => {
    Object.assign(req, { log: silentLog, id: 'test-request' });
    next();
  });
  app.use(responseContract(declarations, silentLog));
  const api = express.Router();
  const widgets = express.Router();
  widgets.get('/widgets/:id', (req, res) => {
    if (req.params.id === 'missing') throw AppError.notFound('Widget not found', 'WIDGET_NOT_FOUND');
    if (req.params.id === 'broken-error') return void res.status(404).json({ error: 'no' });
    if (req.params.id === 'created') return void res.status(201).json(widget);
    res.json(widget);
  });
  widgets.get('/widgets', (_req, res) => void res.type('text/csv').send('id,price\n1,2.00\n'));
  widgets.get('/gadgets', (_req, res) => void res.json({ anything: 1 }));
  api.use(widgets);
  app.use('/api', api);
  app.use(errorHandler);
  return app;
}

describe('the test-time response contract check', () => {
  it('lets an answer that matches its declaration through unchanged', async () => {
    const response = await request(appAnswering({ id: 'w1', price: '24.95' }))
      .get('/api/widgets/w1')
      .expect(200);
    expect(response.body).toEqual({ id: 'w1', price: '24.95' });
  });

  it('turns an answer that does not match into 500 RESPONSE_CONTRACT_VIOLATION', async () => {
    const response = await request(appAnswering({ id: 'w1', price: 24.95 }))
      .get('/api/widgets/w1')
      .expect(500);
    expect(response.body).toMatchObject({ code: RESPONSE_CONTRACT_VIOLATION });
    expect(response.body.message).toContain('GET /api/widgets/:id');
    expect(response.body.message).toContain('price');
  });

  it('refuses a field the strict schema does not declare', async () => {
    const response = await request(appAnswering({ id: 'w1', price: '1.00', secret: 'x' }))
      .get('/api/widgets/w1')
      .expect(500);
    expect(response.body.code).toBe(RESPONSE_CONTRACT_VIOLATION);
  });

  it('refuses a success status the declaration does not list', async () => {
    const response = await request(appAnswering({ id: 'w1', price: '1.00' }))
      .get('/api/widgets/created')
      .expect(500);
    expect(response.body.message).toContain('status 201 is not declared');
  });

  it('checks errors sent by the app-level error handler against the one error body', async () => {
    const app = appAnswering({});
    const ok = await request(app).get('/api/widgets/missing').expect(404);
    expect(ok.body).toMatchObject({ code: 'WIDGET_NOT_FOUND', message: 'Widget not found' });
    const broken = await request(app).get('/api/widgets/broken-error').expect(500);
    expect(broken.body.code).toBe(RESPONSE_CONTRACT_VIOLATION);
  });

  it('leaves non-JSON answers and undeclared routes alone', async () => {
    const app = appAnswering({});
    const csv = await request(app).get('/api/widgets').expect(200);
    expect(csv.text).toBe('id,price\n1,2.00\n');
    await request(app).get('/api/gadgets').expect(200, { anything: 1 });
  });
});

describe('the portal in a test run', () => {
  const db = openSharedTestDb();
  const app = createTestApp(db);
  afterAll(async () => {
    await closeTestApp(app);
    await db.destroy();
  });

  it('checks its own routes: a declaration the answer does not match makes the request fail', async () => {
    await request(app).get('/api/health/live').expect(200);
    const responses = healthEndpoints.live.responses as Record<number, z.ZodType>;
    const declared = responses[200];
    responses[200] = z.strictObject({ status: z.literal('down') });
    try {
      const response = await request(app).get('/api/health/live').expect(500);
      expect(response.body).toMatchObject({ code: RESPONSE_CONTRACT_VIOLATION, requestId: expect.any(String) });
      expect(response.body.message).toContain('GET /api/health/live');
    } finally {
      if (declared) responses[200] = declared;
    }
    await request(app).get('/api/health/live').expect(200);
  });
});
