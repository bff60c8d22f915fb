// The API benchmark compares the server with a floor (api-floor.mjs) that must answer the same JSON,
// or the ratio compares different work. This starts the floor beside the real app on one throwaway
// database, with orders in many states (pending, rejected, sent with a line rejected by the approver,
// confirmed with a backorder, shipped and partly received), and compares the answers byte for byte:
// a field added to a serializer fails here, not first in a benchmark run.
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import * as fulfilmentRules from '../../api/src/modules/fulfilment/fulfilment.rules.js';
import { fulfilmentScenarios } from '../../api/src/test-support/fulfilment-scenarios.js';
import { useFulfilmentTestbed } from '../../api/src/test-support/fulfilment-testbed.js';
import { TEST_PASSWORD } from '../../api/src/test-support/http-test-app.js';
import { testConfig } from '../../api/src/test-support/test-context.js';
import { startApiFloor } from './api-floor.mjs';

// The storefront's first catalogue request, as the benchmark sends it.
const CATALOGUE_PATH = '/api/products?sort=title&page=1&per_page=48';

const state = {};
// Registered before the testbed's own afterAll, which drops the database: the floor's pool goes first.
afterAll(async () => {
  await state.floor?.close();
});
const testbed = useFulfilmentTestbed();
const scenarios = fulfilmentScenarios(testbed);

/** The session cookie ("name=value") of a password sign-in, as the benchmark's clients send it. */
async function signInCookie(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('supply_hub.sid='))
    .split(';')[0];
}

/** Status and body text of one request to the server and to the floor, in turn (`initOf()` for each). */
async function askBoth(requestPath, initOf = () => ({})) {
  const answers = [];
  for (const baseUrl of [testbed.baseUrl, state.floor.baseUrl]) {
    const init = initOf();
    const response = await fetch(`${baseUrl}${requestPath}`, {
      ...init,
      headers: { cookie: state.cookie, ...init.headers },
    });
    answers.push({ status: response.status, text: await response.text() });
  }
  return { server: answers[0], floor: answers[1] };
}

/** Same values and the same keys in the same order (whitespace aside: PostgreSQL writes some of the JSON). */
function expectSameJson(floorText, serverText) {
  expect(JSON.parse(floorText)).toStrictEqual(JSON.parse(serverText));
  expect(JSON.stringify(JSON.parse(floorText))).toBe(JSON.stringify(JSON.parse(serverText)));
}

/** What two submissions of the same basket cannot share: their identity and the moment they were made. */
function withoutIdentity(order) {
  return {
    ...order,
    id: '(id)',
    order_number: '(number)',
    display_seq: 0,
    created_at: '(created)',
    lines: order.lines.map((line) => ({ ...line, id: '(line id)' })),
  };
}

beforeAll(async () => {
  const people = await testbed.orderingPeople();
  const { requester, admin } = people;
  // Sent and then confirmed with a backorder; sent, shipped and partly received; sent with a line rejected.
  const backordered = await testbed.sentOrder([10, 4], people);
  await scenarios.confirmWithBackorder(backordered, 5);
  const shipped = await testbed.sentOrder([3, 2], people);
  await scenarios.confirm(shipped);
  await scenarios.ship(shipped, [[1, 3]]);
  await scenarios.receive(shipped, [[1, 2]]);
  const catalogue = await requester.agent.get(CATALOGUE_PATH).expect(200);
  const asins = catalogue.body.data.map((product) => product.asin);
  const submit = async (lines) =>
    (await requester.agent.post('/api/orders').set('Idempotency-Key', `k-${randomUUID()}`).send({ lines }).expect(201))
      .body;
  const withRejectedLine = await submit([
    { asin: asins[0], quantity: 2 },
    { asin: asins[1], quantity: 1 },
  ]);
  await admin
    .post(`/api/admin/orders/${withRejectedLine.id}/approve`)
    .send({ rejected_lines: [{ item_id: withRejectedLine.lines[1].id, reason: 'Not stocked on this ward' }] })
    .expect(200);
  const rejected = await submit([{ asin: asins[2], quantity: 5 }]);
  await admin.post(`/api/admin/orders/${rejected.id}/reject`).send({ reason: 'Over the ward allowance' }).expect(200);
  await submit([{ asin: asins[0], quantity: 1 }]); // left pending

  state.asins = asins;
  state.cookie = await signInCookie(testbed.baseUrl, requester.user.email);
  state.floor = await startApiFloor({
    databaseUrl: testbed.database.url,
    sessionSecret: testConfig().sessionSecret,
    fulfilment: fulfilmentRules,
    poolSize: 2,
  });
  // Orders the whole real way (approval, the sandbox supplier, cXML documents): more than a test's 30 s on a busy machine.
}, 120_000);

describe('the API benchmark floor (scripts/bench/api-floor.mjs)', () => {
  it('answers GET /api/products exactly as the server does', async () => {
    const { server, floor } = await askBoth(CATALOGUE_PATH);
    expect(server.status).toBe(200);
    expect(JSON.parse(server.text).data.length).toBeGreaterThan(0);
    expect(floor.status).toBe(200);
    expectSameJson(floor.text, server.text);
  });

  it('answers GET /api/orders exactly as the server does, for orders in every state', async () => {
    const { server, floor } = await askBoth('/api/orders');
    expect(server.status).toBe(200);
    const orders = JSON.parse(server.text).data;
    // The rows the comparison is worth something for: each state is there.
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(['pending', 'rejected', 'submitted']));
    expect(orders.some((order) => order.fulfilment_summary?.backorders.length > 0)).toBe(true);
    expect(orders.some((order) => order.fulfilment_summary?.tracking.length > 0)).toBe(true);
    expect(orders.some((order) => order.lines.some((line) => line.rejection !== null))).toBe(true);
    expect(floor.status).toBe(200);
    expectSameJson(floor.text, server.text);
  });

  it('answers POST /api/orders with the same order, and stores it so that both list it alike', async () => {
    const lines = [0, 1, 2].map((index) => ({ asin: state.asins[index], quantity: 1 + index }));
    const submit = () =>
      // A key of its own for each: the same key twice would be one order.
      askBoth('/api/orders', () => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${randomUUID()}` },
        body: JSON.stringify({ lines }),
      }));
    const { server, floor } = await submit();
    // The status with the body of a failure, so a refusal says why.
    const outcome = (answer) => (answer.status === 201 ? 201 : `${answer.status} ${answer.text}`);
    expect(outcome(server)).toBe(201);
    expect(outcome(floor)).toBe(201);
    const [ours, theirs] = [JSON.parse(server.text), JSON.parse(floor.text)];
    expect(Object.keys(theirs)).toEqual(Object.keys(ours));
    expect(withoutIdentity(theirs)).toStrictEqual(withoutIdentity(ours));
    expect(JSON.stringify(withoutIdentity(theirs))).toBe(JSON.stringify(withoutIdentity(ours)));

    const after = await askBoth('/api/orders');
    const listed = JSON.parse(after.server.text).data.map((order) => order.id);
    expect(listed).toEqual(expect.arrayContaining([ours.id, theirs.id]));
    expectSameJson(after.floor.text, after.server.text);
  });
});
