import { afterAll, describe, expect, it } from '@jest/globals';

import { insertProducts } from '../../test-support/catalog-fixtures.js';
import type { Role } from '../../contracts/roles.js';
import { createTestApp, signedInAgent } from '../../test-support/http-test-app.js';
import { openSharedTestDb } from '../../test-support/test-context.js';
import { insertDepartment, putInDepartment } from '../../test-support/location-fixtures.js';

const db = openSharedTestDb();
const app = createTestApp(db);
afterAll(() => db.destroy());

/** A ward with a par cart of three items, and a nurse of that ward (or another role) signed in. */
async function wardWithNurse(counterRole: Role = 'nurse') {
  const { agent: admin } = await signedInAgent(app, db, ['admin']);
  const ward = await insertDepartment(db, 'Ward 4B');
  const [gauze, gloves, saline] = await insertProducts(db, [
    { title: 'Gauze pads', price: '4.50' },
    { title: 'Nitrile gloves', price: '12.00' },
    { title: 'Saline flush', price: null, amazon_price: '9.99' },
  ]);
  const location = await admin
    .post('/api/admin/locations')
    .send({
      name: 'Ward 4B par cart',
      department_id: ward.id,
      stock_list: [
        { asin: gauze!.asin, par: 20, reorder_point: null, pack_size: 1 },
        { asin: gloves!.asin, par: 30, reorder_point: 10, pack_size: 10 },
        { asin: saline!.asin, par: 12, reorder_point: 4, pack_size: 6 },
      ],
    })
    .expect(201);
  const { agent: nurse, user } = await signedInAgent(app, db, [counterRole]);
  await putInDepartment(db, user.id, ward);
  return { admin, nurse, user, ward, id: location.body.id as string, gauze: gauze!, gloves: gloves!, saline: saline! };
}

describe('the locations of a user', () => {
  it('are those of their department: listed, readable with titles, images and prices; others answer 404', async () => {
    const { nurse, id, gauze, saline } = await wardWithNurse();
    const mine = await nurse.get('/api/locations').expect(200);
    expect(mine.body).toEqual([expect.objectContaining({ id, name: 'Ward 4B par cart', item_count: 3 })]);
    const detail = await nurse.get(`/api/locations/${id}`).expect(200);
    expect(detail.body.stock_list[0]).toEqual({
      asin: gauze.asin,
      title: 'Gauze pads',
      image_url: null,
      price: '4.50',
      par: 20,
      reorder_point: null,
      pack_size: 1,
    });
    expect(detail.body.stock_list[2]).toMatchObject({ asin: saline.asin, price: '9.99' });

    const { agent: stranger } = await signedInAgent(app, db, ['nurse']);
    expect((await stranger.get('/api/locations').expect(200)).body).toEqual([]);
    expect((await stranger.get(`/api/locations/${id}`)).body).toMatchObject({ code: 'LOCATION_NOT_FOUND' });
    await stranger.get(`/api/locations/${id}`).expect(404);
    await nurse.get('/api/locations/not-a-uuid').expect(400);
  });

  it('hides a deactivated location', async () => {
    const { admin, nurse, id } = await wardWithNurse();
    const record = (await admin.get(`/api/admin/locations/${id}`).expect(200)).body;
    await admin
      .put(`/api/admin/locations/${id}`)
      .send({ ...record, active: false })
      .expect(200);
    expect((await nurse.get('/api/locations').expect(200)).body).toEqual([]);
    await nurse.get(`/api/locations/${id}`).expect(404);
  });
});

describe('POST /api/locations/:id/counts', () => {
  it('records who counted what and when, and answers the top-up in packs', async () => {
    const { nurse, user, id, gauze, gloves, saline } = await wardWithNurse();
    const response = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({
        counts: [
          { asin: gauze.asin, on_hand: 5 },
          { asin: gloves.asin, on_hand: 10 },
          { asin: saline.asin, on_hand: 5 },
        ],
      })
      .expect(201);
    // Gauze: 15 missing, packs of 1. Gloves: at the reorder point, 20 missing in packs of 10.
    // Saline: above its reorder point of 4, skipped.
    expect(response.body).toEqual({
      id: expect.any(String),
      counted_at: expect.any(String),
      lines: [
        { asin: gauze.asin, quantity: 15 },
        { asin: gloves.asin, quantity: 2 },
      ],
    });
    const count = await db('location_counts').where({ id: response.body.id }).first();
    expect(count).toMatchObject({ location_id: id, counted_by: user.id, added_to_cart_at: null });
    const lines = await db('location_count_lines as c')
      .join('products as p', 'p.id', 'c.product_id')
      .where('c.count_id', response.body.id)
      .orderBy('c.on_hand')
      .select('p.asin', 'c.on_hand', 'c.par', 'c.quantity');
    expect(lines).toEqual([
      { asin: gauze.asin, on_hand: 5, par: 20, quantity: 15 },
      { asin: saline.asin, on_hand: 5, par: 12, quantity: 0 },
      { asin: gloves.asin, on_hand: 10, par: 30, quantity: 2 },
    ]);
  });

  it('refuses an asin not on the stock list with 422 and records nothing', async () => {
    const { nurse, id, gauze } = await wardWithNurse();
    const before = await db('location_counts').where({ location_id: id }).count<{ count: string }[]>('* as count');
    const refused = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({
        counts: [
          { asin: gauze.asin, on_hand: 1 },
          { asin: 'B0NOTLISTD', on_hand: 1 },
        ],
      })
      .expect(422);
    expect(refused.body).toMatchObject({
      code: 'COUNT_UNKNOWN_ITEMS',
      errors: { 'counts.1.asin': expect.any(String) },
    });
    const repeated = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({
        counts: [
          { asin: gauze.asin, on_hand: 1 },
          { asin: gauze.asin, on_hand: 2 },
        ],
      })
      .expect(400);
    expect(repeated.body.code).toBe('COUNT_REPEATED_ITEMS');
    await nurse
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: -1 }] })
      .expect(400);
    expect(await db('location_counts').where({ location_id: id }).count<{ count: string }[]>('* as count')).toEqual(
      before,
    );
  });

  it('answers 404 for a location of another department, and lets an admin count any location', async () => {
    const { id, gauze } = await wardWithNurse();
    const { agent: other, user } = await signedInAgent(app, db, ['doctor']);
    await putInDepartment(db, user.id, await insertDepartment(db, 'Pharmacy'));
    const refused = await other
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: 1 }] });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('LOCATION_NOT_FOUND');
    expect(await db('location_counts').where({ location_id: id })).toEqual([]);
    const { agent: admin } = await signedInAgent(app, db, ['admin']);
    const counted = await admin
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: 19 }] })
      .expect(201);
    expect(counted.body.lines).toEqual([{ asin: gauze.asin, quantity: 1 }]);
  });
});

describe('POST /api/locations/:id/counts/:countId/add-to-cart', () => {
  it("puts the count's top-up into the counter's cart, once; others' counts answer 404", async () => {
    // A doctor of the ward: the cart is for those who may submit it.
    const { nurse, user, ward, id, gauze, gloves } = await wardWithNurse('doctor');
    await nurse.post('/api/cart/items').send({ asin: gauze.asin, quantity: 2 }).expect(200);
    const count = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({
        counts: [
          { asin: gauze.asin, on_hand: 5 },
          { asin: gloves.asin, on_hand: 0 },
        ],
      })
      .expect(201);
    const { agent: colleague, user: colleagueUser } = await signedInAgent(app, db, ['doctor']);
    await putInDepartment(db, colleagueUser.id, ward);
    await colleague.post(`/api/locations/${id}/counts/${count.body.id}/add-to-cart`).expect(404);

    const cart = await nurse.post(`/api/locations/${id}/counts/${count.body.id}/add-to-cart`).expect(200);
    expect(
      cart.body.items.map((item: { product: { asin: string }; quantity: number }) => [
        item.product.asin,
        item.quantity,
      ]),
    ).toEqual([
      [gauze.asin, 17],
      [gloves.asin, 3],
    ]);
    const again = await nurse.post(`/api/locations/${id}/counts/${count.body.id}/add-to-cart`).expect(409);
    expect(again.body.code).toBe('COUNT_ALREADY_IN_CART');
    expect(await db('cart_items').where({ user_id: user.id }).sum<{ sum: number }[]>('quantity as sum')).toEqual([
      { sum: 20 },
    ]);
    expect(await db('location_counts').where({ id: count.body.id }).first('added_to_cart_at')).toEqual({
      added_to_cart_at: expect.any(Date),
    });
    await nurse.post(`/api/locations/${id}/counts/00000000-0000-4000-8000-000000000000/add-to-cart`).expect(404);
    await nurse.post(`/api/locations/${id}/counts/not-a-uuid/add-to-cart`).expect(400);
  });

  it('refuses a nurse, who may not submit a cart, before writing anything: her count can still become an order', async () => {
    const { nurse, user, id, gauze } = await wardWithNurse();
    const count = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: 5 }] })
      .expect(201);
    const refused = await nurse.post(`/api/locations/${id}/counts/${count.body.id}/add-to-cart`).expect(403);
    expect(refused.body).toMatchObject({
      code: 'ORDERING_NOT_ALLOWED',
      message: 'Only doctors, providers and users can submit a cart: submit this count as an order instead.',
    });
    expect(await db('cart_items').where({ user_id: user.id }).first()).toBeUndefined();
    expect(await db('location_counts').where({ id: count.body.id }).first('added_to_cart_at')).toEqual({
      added_to_cart_at: null,
    });
    await nurse.post(`/api/locations/${id}/counts/${count.body.id}/order`).expect(201);
  });
});

describe('GET /api/admin/locations/:id/par-review', () => {
  it('suggests raising items ordered on most counts and lowering items never below half of par, with a CSV export', async () => {
    const { admin, nurse, id, gauze, gloves, saline } = await wardWithNurse();
    // Gauze (par 20) ordered on both counts; gloves (par 30) never below 15; saline counted below half once.
    for (const onHand of [
      { gauze: 3, gloves: 20, saline: 2 },
      { gauze: 5, gloves: 15, saline: 8 },
    ]) {
      await nurse
        .post(`/api/locations/${id}/counts`)
        .send({
          counts: [
            { asin: gauze.asin, on_hand: onHand.gauze },
            { asin: gloves.asin, on_hand: onHand.gloves },
            { asin: saline.asin, on_hand: onHand.saline },
          ],
        })
        .expect(201);
    }
    const review = await admin.get(`/api/admin/locations/${id}/par-review`).expect(200);
    expect(review.body.counts).toBe(2);
    expect(
      review.body.lines.map(
        (line: { asin: string; suggestion: string | null; counts: number; min_on_hand: number }) => [
          line.asin,
          line.counts,
          line.min_on_hand,
          line.suggestion,
        ],
      ),
    ).toEqual([
      [gauze.asin, 2, 3, 'raise'],
      [gloves.asin, 2, 15, 'lower'],
      [saline.asin, 2, 2, null],
    ]);
    expect(review.body.lines[0]).toMatchObject({ ordered_on_counts: 2, units_ordered: 17 + 15, avg_on_hand: 4 });

    const csv = await admin.get(`/api/admin/locations/${id}/par-review/export`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\n')[0]).toBe(
      '"asin","title","par","reorder_point","pack_size","counts","ordered_on_counts","min_on_hand","avg_on_hand","units_ordered","suggestion"',
    );
    expect(csv.text).toContain(`"${gauze.asin}","Gauze pads",20,,1,2,2,3,4,32,"raise"`);
    await nurse.get(`/api/admin/locations/${id}/par-review`).expect(403);
  });
});

describe('POST /api/locations/:id/counts/:countId/order', () => {
  it('answers 422 SHIPPING_ADDRESS_REQUIRED for a counter without a shipping address and changes nothing', async () => {
    const { nurse, user, id, gloves } = await wardWithNurse();
    await db('shipping_addresses').where({ user_id: user.id }).delete();
    const count = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gloves.asin, on_hand: 0 }] })
      .expect(201);
    const refused = await nurse.post(`/api/locations/${id}/counts/${count.body.id}/order`).expect(422);
    expect(refused.body).toMatchObject({
      code: 'SHIPPING_ADDRESS_REQUIRED',
      message: 'Add your shipping address in Settings before you order.',
    });
    expect(await db('orders').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 0 });
    expect(await db('location_counts').where({ id: count.body.id }).first('order_id')).toEqual({ order_id: null });
  });

  it("submits a nurse's top-up as a pending order for the location, once, leaving her cart alone", async () => {
    const { nurse, user, id, gauze, gloves, saline } = await wardWithNurse();
    await nurse.post('/api/cart/items').send({ asin: gauze.asin, quantity: 2 }).expect(200);
    const count = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({
        counts: [
          { asin: gauze.asin, on_hand: 5 },
          { asin: gloves.asin, on_hand: 0 },
          { asin: saline.asin, on_hand: 11 },
        ],
      })
      .expect(201);
    const path = `/api/locations/${id}/counts/${count.body.id}/order`;
    const ordered = await nurse.post(path).expect(201);
    expect(ordered.body).toMatchObject({
      status: 'pending',
      total_amount: '103.50',
      lines: [
        expect.objectContaining({ asin: gauze.asin, quantity: 15, unit_price: '4.50' }),
        expect.objectContaining({ asin: gloves.asin, quantity: 3, unit_price: '12.00' }),
      ],
    });
    const stored = await db('orders')
      .where({ id: ordered.body.id })
      .first('delivery_location', 'location_id', 'notes', 'user_id');
    expect(stored).toEqual({
      delivery_location: 'Ward 4B par cart',
      location_id: id,
      notes: 'Top-up of Ward 4B par cart from a count',
      user_id: user.id,
    });
    // A second tap answers the same order; the cart is as it was.
    expect((await nurse.post(path).expect(200)).body.id).toBe(ordered.body.id);
    expect(await db('orders').where({ user_id: user.id }).pluck('id')).toEqual([ordered.body.id]);
    expect(await db('cart_items').where({ user_id: user.id }).pluck('quantity')).toEqual([2]);
    expect(await db('location_counts').where({ id: count.body.id }).first('order_id')).toEqual({
      order_id: ordered.body.id,
    });
  });

  it('refuses a count already in the cart, one with nothing to order, an admin, and strangers', async () => {
    const { admin, nurse, ward, id, gauze, gloves, saline } = await wardWithNurse();
    const full = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({
        counts: [
          { asin: gauze.asin, on_hand: 20 },
          { asin: gloves.asin, on_hand: 30 },
          { asin: saline.asin, on_hand: 12 },
        ],
      })
      .expect(201);
    expect((await nurse.post(`/api/locations/${id}/counts/${full.body.id}/order`).expect(400)).body.code).toBe(
      'COUNT_NOTHING_TO_ORDER',
    );
    // A doctor of the ward may use either way, but one count goes one way only.
    const { agent: doctor, user: doctorUser } = await signedInAgent(app, db, ['doctor']);
    await putInDepartment(db, doctorUser.id, ward);
    const short = await doctor
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: 1 }] })
      .expect(201);
    await doctor.post(`/api/locations/${id}/counts/${short.body.id}/add-to-cart`).expect(200);
    expect((await doctor.post(`/api/locations/${id}/counts/${short.body.id}/order`).expect(409)).body.code).toBe(
      'COUNT_ALREADY_IN_CART',
    );
    const ordered = await doctor
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: 1 }] })
      .expect(201);
    await doctor.post(`/api/locations/${id}/counts/${ordered.body.id}/order`).expect(201);
    expect(
      (await doctor.post(`/api/locations/${id}/counts/${ordered.body.id}/add-to-cart`).expect(409)).body.code,
    ).toBe('COUNT_ALREADY_ORDERED');
    const { agent: stranger } = await signedInAgent(app, db, ['doctor']);
    await stranger.post(`/api/locations/${id}/counts/${short.body.id}/order`).expect(404);

    const adminCount = await admin
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: 1 }] })
      .expect(201);
    expect((await admin.post(`/api/locations/${id}/counts/${adminCount.body.id}/order`).expect(403)).body.code).toBe(
      'ORDERING_NOT_ALLOWED',
    );
  });
});

describe('GET /api/admin/locations/:id/counts', () => {
  it('lists who counted what and when, newest first, and whether each count went to the cart or became an order', async () => {
    // A doctor of the ward, who may put a count in the cart as well as order it.
    const { admin, nurse, user, id, gauze, gloves } = await wardWithNurse('doctor');
    const first = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({ counts: [{ asin: gauze.asin, on_hand: 5 }] })
      .expect(201);
    await nurse.post(`/api/locations/${id}/counts/${first.body.id}/add-to-cart`).expect(200);
    const second = await nurse
      .post(`/api/locations/${id}/counts`)
      .send({
        counts: [
          { asin: gauze.asin, on_hand: 12 },
          { asin: gloves.asin, on_hand: 0 },
        ],
      })
      .expect(201);
    const order = await nurse.post(`/api/locations/${id}/counts/${second.body.id}/order`).expect(201);

    const history = (await admin.get(`/api/admin/locations/${id}/counts`).expect(200)).body.data;
    const email = (await db('users').where({ id: user.id }).first('email')).email as string;
    expect(history).toEqual([
      expect.objectContaining({
        id: second.body.id,
        counted_by: email,
        outcome: 'order',
        order_number: order.body.order_number,
        packs: 11,
        lines: [
          { asin: gauze.asin, title: 'Gauze pads', on_hand: 12, par: 20, quantity: 8 },
          { asin: gloves.asin, title: 'Nitrile gloves', on_hand: 0, par: 30, quantity: 3 },
        ],
      }),
      expect.objectContaining({ id: first.body.id, outcome: 'cart', order_number: null, packs: 15 }),
    ]);
    await nurse.get(`/api/admin/locations/${id}/counts`).expect(403);
    await admin.get('/api/admin/locations/00000000-0000-4000-8000-000000000000/counts').expect(404);
  });
});
