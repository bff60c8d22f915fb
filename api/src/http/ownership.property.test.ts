import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import sharp from 'sharp';
import type { Response } from 'supertest';

import { insertProducts } from '../test-support/catalog-fixtures.js';
import { createTestApp, signedInAgent, closeTestApp, createTestPortal } from '../test-support/http-test-app.js';
import { createIsolatedDatabase, testConfig } from '../test-support/test-context.js';
import { seedUserFootprint, snapshotUserRows, type UserFootprint } from '../test-support/user-footprint.js';
import { listRoutes, type RouteEntry } from './route-inventory.js';
import { SPA_NOT_BUILT } from './spa-hosting.js';

/**
 * Ownership as a property: whatever id, path, method or smuggled body fields a signed-in non-admin
 * sends, no answer carries another user's data and no row of another user changes.
 */
let database: Awaited<ReturnType<typeof createIsolatedDatabase>>;
let app: ReturnType<typeof createTestApp>;
let apiRouter: ReturnType<typeof createTestPortal>['apiRouter'];
let users: UserFootprint[] = [];
let asins: string[] = [];

/** A hundred probes with a database snapshot each: seconds on a quiet machine, generous on a loaded one. */
const PROPERTY_TIMEOUT_MS = 120_000;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
/** Streams never end by themselves; logout and sign-in pages are public and not about ownership. */
const SKIPPED_PATHS = new Set(['/api/events']);
/** Guessable collections the router does not have: they must answer 404 whatever the id. */
const GUESSED_PATHS = [
  '/api/users/:id',
  '/api/profiles/:id',
  '/api/me/profile/:id',
  '/api/cart/:id',
  '/api/cart/items/:id',
  '/api/orders/:id/lines',
  '/api/orders/:id/items/:id',
  '/api/shipping-addresses/:id',
];
const TRAVERSALS = [
  '../',
  '..',
  '../../etc/passwd',
  '..%2F..%2Fadmin%2Fusers',
  '%2e%2e%2f%2e%2e%2f',
  '..\\..\\',
  "'%20OR%201%3D1--",
  '%00',
  'null',
  'undefined',
  'me',
  '*',
  '-1',
  '0',
  '1e309',
];

beforeAll(async () => {
  database = await createIsolatedDatabase();
  const portal = createTestPortal(database.db);
  app = portal.app;
  apiRouter = portal.apiRouter;
  const products = await insertProducts(database.db, [
    { title: 'Ownership gauze', price: '12.34' },
    { title: 'Ownership gloves', price: '5.00' },
  ]);
  asins = products.map((product) => product.asin);
  users = await Promise.all(
    (['doctor', 'nurse', 'provider'] as const).map((role) => seedUserFootprint(app, database.db, role, asins)),
  );
});
afterAll(async () => {
  // Let the after-submission work (notifications) finish before the database goes away.
  await new Promise((resolve) => setTimeout(resolve, 200));
  await closeTestApp(app);
  await database.drop();
});

type Target = { pattern: string; method: Method | undefined };

/**
 * Route patterns a signed-in user could aim at, from the router's own inventory: the user-facing
 * routes with their method, the same paths with any method, guessed paths, and the back office's.
 */
function targetArbitrary(): fc.Arbitrary<Target> {
  const inventory = listRoutes(apiRouter).filter(
    (route) => route.policy?.kind !== 'public' && !SKIPPED_PATHS.has(route.path),
  );
  const actorRoles = users.map((user) => user.role);
  const isBackOffice = (route: RouteEntry) =>
    route.policy?.kind === 'roles' && !route.policy.roles.some((role) => actorRoles.includes(role));
  const userFacing = inventory.filter((route) => !isBackOffice(route));
  const asDeclared = (routes: typeof inventory) =>
    fc.constantFrom(...routes.map((route): Target => ({ pattern: route.path, method: route.method as Method })));
  return fc.oneof(
    { weight: 5, arbitrary: asDeclared(userFacing) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...[...new Set(userFacing.map((route) => route.path))].map((pattern): Target => ({
          pattern,
          method: undefined,
        })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...GUESSED_PATHS.map((pattern): Target => ({ pattern, method: undefined }))),
    },
    { weight: 2, arbitrary: asDeclared(inventory.filter(isBackOffice)) },
  );
}

interface Probe {
  actor: number;
  pattern: string;
  method: Method;
  /** The id as text (what a leak check may find echoed) and as a URL segment. */
  id: { value: string; segment: string };
  appendId: boolean;
  withQuery: boolean;
  body: 'smuggled' | 'empty' | 'none';
  idempotencyKey: string;
}

function probeArbitrary(): fc.Arbitrary<Probe> {
  const others = (actor: number) => users.filter((_user, index) => index !== actor);
  const realIds = users.flatMap((user) => user.ids);
  const idArbitrary = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...realIds).map((value) => ({ value, segment: value })) },
    { weight: 2, arbitrary: fc.uuid().map((value) => ({ value, segment: value })) },
    { weight: 1, arbitrary: fc.nat().map((n) => ({ value: String(n), segment: String(n) })) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 9_999_999 })
        .map((n) => `SO-${String(n).padStart(6, '0')}`)
        .map((value) => ({ value, segment: value })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 60 }).map((value) => ({ value, segment: encodeURIComponent(value) })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...TRAVERSALS).map((value) => ({ value, segment: value })) },
  );
  return fc
    .record({
      actor: fc.nat({ max: users.length - 1 }),
      target: targetArbitrary(),
      anyMethod: fc.constantFrom(...METHODS),
      id: idArbitrary,
      appendId: fc.nat({ max: 3 }).map((n) => n === 0),
      withQuery: fc.boolean(),
      body: fc.constantFrom('smuggled' as const, 'empty' as const, 'none' as const),
      victimKey: fc.boolean(),
    })
    .chain((draft) =>
      fc
        .constantFrom(...others(draft.actor).flatMap((user) => user.idempotencyKeys), `prop-${randomUUID()}`)
        .map((key) => ({
          actor: draft.actor,
          pattern: draft.target.pattern,
          method: draft.target.method ?? draft.anyMethod,
          id: draft.id,
          appendId: draft.appendId,
          withQuery: draft.withQuery,
          body: draft.body,
          idempotencyKey: draft.victimKey ? key : `prop-${randomUUID()}`,
        })),
    );
}

function urlOf(probe: Probe): string {
  let url = probe.pattern.replace(/:[A-Za-z]+/g, probe.id.segment);
  if (probe.appendId && !probe.pattern.includes(':')) url += `/${probe.id.segment}`;
  if (probe.withQuery) {
    const id = encodeURIComponent(probe.id.value);
    url += `?user_id=${id}&userId=${id}&id=${id}&order_id=${id}&filter=${encodeURIComponent(JSON.stringify({ user_id: probe.id.value }))}`;
  }
  return url;
}

/** A body every user-facing command accepts, holding the actor's own values plus someone else's ids. */
function bodyOf(probe: Probe, actor: UserFootprint): Record<string, unknown> | undefined {
  if (probe.body === 'none') return undefined;
  if (probe.body === 'empty') return {};
  const id = probe.id.value;
  return {
    ...actor.inputs.names,
    ...actor.inputs.address,
    default_ship_to: actor.inputs.defaultShipTo,
    lines: actor.inputs.orderLines,
    items: actor.inputs.cartItems,
    asin: actor.inputs.cartItems[0]?.asin,
    quantity: 1,
    id,
    ids: [id],
    user_id: id,
    userId: id,
    order_id: id,
    owner_id: id,
    approved: true,
    reason: 'Property probe',
  };
}

async function send(probe: Probe): Promise<{ url: string; body: unknown; response: Response }> {
  const actor = users[probe.actor]!;
  const url = urlOf(probe);
  const body = bodyOf(probe, actor);
  const method = probe.method.toLowerCase() as Lowercase<Method>;
  let pending = actor.agent[method](url).set('Idempotency-Key', probe.idempotencyKey);
  if (body !== undefined) pending = pending.send(body);
  return { url, body, response: await pending };
}

/** Another user's texts and ids in the answer, except what the request itself carried. */
function leaksIn(response: Response, requestText: string, victim: UserFootprint): string[] {
  const answer = `${response.text ?? ''} ${JSON.stringify(response.headers)}`;
  return [...victim.secrets, ...victim.ids.filter((id) => !requestText.includes(id))].filter((marker) =>
    answer.includes(marker),
  );
}

describe('ownership over the user-facing API, as a property', () => {
  it(
    'never answers another user’s data and never changes another user’s rows',
    async () => {
      const baselines = new Map<string, unknown>();
      for (const user of users) baselines.set(user.user.id, await snapshotUserRows(database.db, user.user.id));
      let successes = 0;

      await fc.assert(
        fc.asyncProperty(probeArbitrary(), async (probe) => {
          const actor = users[probe.actor]!;
          const { url, body, response } = await send(probe);
          let requestText = `${url} ${JSON.stringify(body ?? null)} ${probe.idempotencyKey}`;
          try {
            requestText += ` ${decodeURIComponent(url)}`;
          } catch {
            // A malformed escape stays as sent.
          }
          // A dot-dot id can take the request out of /api (the client resolves it): the storefront page
          // answers there, and before `npm run build` that is a 503 saying so.
          const isUnbuiltStorefront = response.status === 503 && response.text === SPA_NOT_BUILT;
          if (!isUnbuiltStorefront) expect(response.status).toBeLessThan(500);
          if (response.status < 300) successes += 1;
          const victims = users.filter((user) => user !== actor);
          for (const victim of victims) {
            expect({ victim: victim.role, leaks: leaksIn(response, requestText, victim) }).toEqual({
              victim: victim.role,
              leaks: [],
            });
          }
          const after = await Promise.all(victims.map((victim) => snapshotUserRows(database.db, victim.user.id)));
          victims.forEach((victim, index) => expect(after[index]).toEqual(baselines.get(victim.user.id)));
          // The actor may change their own rows (their cart, their orders): that is the new baseline.
          if (probe.method !== 'GET') baselines.set(actor.user.id, await snapshotUserRows(database.db, actor.user.id));
        }),
        { numRuns: 100 },
      );

      // Not a vacuous run: some probes reached a handler, and every actor is still signed in.
      expect(successes).toBeGreaterThan(5);
      for (const user of users) await user.agent.get('/api/auth/session').expect(200);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('answers another user’s order exactly like a missing one, by id and in lists; by number like anyone’s', async () => {
    const [doctor, nurse, provider] = users as [UserFootprint, UserFootprint, UserFootprint];
    for (const [actor, victim] of [
      [nurse, doctor],
      [doctor, provider],
      [provider, doctor],
    ] as const) {
      for (const id of victim.orderIds) {
        const response = await actor.agent.get(`/api/orders/${id}`).expect(404);
        expect(response.body.code).toBe('ORDER_NOT_FOUND');
      }
      // An order number is not an id (the one :id rule: 400), the same answer whoever's number it is.
      const nobodys = await actor.agent.get('/api/orders/SO-999999').expect(400);
      for (const number of victim.orderNumbers) {
        const response = await actor.agent.get(`/api/orders/${number}`).expect(400);
        expect({ code: response.body.code, errors: response.body.errors }).toEqual({
          code: nobodys.body.code,
          errors: nobodys.body.errors,
        });
      }
      const own = await actor.agent.get(`/api/orders?user_id=${victim.user.id}`).expect(200);
      expect((own.body.data as { user_id: string }[]).every((order) => order.user_id === actor.user.id)).toBe(true);
    }
  });

  it('treats another user’s Idempotency-Key as a new key: a new order of the caller’s, never a replay of theirs', async () => {
    const [doctor, , provider] = users as [UserFootprint, UserFootprint, UserFootprint];
    // A key only the doctor has used: the property above may already have sent the doctor's
    // footprint keys as the provider, and a replay of the provider's own order would be right.
    const doctorsKey = `doctor-only-${randomUUID()}`;
    const doctorsOrder = await doctor.agent
      .post('/api/orders')
      .set('Idempotency-Key', doctorsKey)
      .send({ lines: doctor.inputs.orderLines })
      .expect(201);
    const victimBefore = await snapshotUserRows(database.db, doctor.user.id);
    const response = await provider.agent
      .post('/api/orders')
      .set('Idempotency-Key', doctorsKey)
      .send({ lines: doctor.inputs.orderLines });
    expect(response.status).toBe(201);
    expect(response.body.user_id).toBe(provider.user.id);
    expect(doctor.orderIds).not.toContain(response.body.id);
    expect(response.body.id).not.toBe(doctorsOrder.body.id);
    expect(await snapshotUserRows(database.db, doctor.user.id)).toEqual(victimBefore);
  });
});

describe('uploaded files, as a property', () => {
  it('non-admins can neither upload nor remove a product image, whatever the product id', async () => {
    const { agent: admin } = await signedInAgent(app, database.db, ['admin']);
    const [product] = await insertProducts(database.db, [{ title: 'Ownership image', price: '3.00' }]);
    const image = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const uploaded = await admin.post(`/api/admin/products/${product!.id}/image`).attach('image', image, 'a.png');
    expect(uploaded.status).toBe(200);
    const imageUrl = uploaded.body.image_url as string;
    const storedFile = path.join(testConfig().storageDir, imageUrl.replace('/media/', ''));
    expect(existsSync(storedFile)).toBe(true);
    const otherProduct = await database.db('products').where({ asin: asins[0] }).first('id');
    const before = await database.db('products').whereIn('id', [product!.id, otherProduct.id]).orderBy('id');

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          actor: fc.nat({ max: users.length - 1 }),
          productId: fc.oneof(
            fc.constantFrom(product!.id, otherProduct.id as string),
            fc.uuid(),
            fc.constantFrom(...TRAVERSALS),
          ),
          remove: fc.boolean(),
          file: fc.constantFrom('png', 'svg', 'none'),
        }),
        async ({ actor, productId, remove, file }) => {
          const agent = users[actor]!.agent;
          const url = `/api/admin/products/${productId}/image`;
          let response: Response;
          if (remove) response = await agent.delete(url);
          else if (file === 'none') response = await agent.post(url);
          else {
            const content = file === 'png' ? image : Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
            response = await agent.post(url).attach('image', content, `x.${file}`);
          }
          // A control character in the id (%00) is refused before any route, policy included.
          expect([400, 403, 404]).toContain(response.status);
          if (response.status === 400) expect(response.body.code).toBe('CONTROL_CHARACTERS');
          if (response.status === 403) expect(response.body.code).toBe('FORBIDDEN');
        },
      ),
      { numRuns: 30 },
    );

    expect(await database.db('products').whereIn('id', [product!.id, otherProduct.id]).orderBy('id')).toEqual(before);
    expect(existsSync(storedFile)).toBe(true);
  });
});
