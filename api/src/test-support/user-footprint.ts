import { randomBytes, randomUUID } from 'node:crypto';

import type { Express } from 'express';

import { ORDERING_ROLES, type Role } from '../contracts/roles.js';
import type { Db } from '../database/connection.js';
import { signedInAgent } from './http-test-app.js';

type Agent = Awaited<ReturnType<typeof signedInAgent>>['agent'];

/** What a user filled in through the API, so a test can send the same values again without changing them. */
export interface FootprintInputs {
  names: { first_name: string; last_name: string };
  address: { full_name: string; street_line1: string; city: string; state: string; postal_code: string; phone: string };
  defaultShipTo: string;
  orderLines: { asin: string; quantity: number }[];
  cartItems: { asin: string; quantity: number }[];
}

/** A signed-in user with data of their own in every user-owned table the API writes. */
export interface UserFootprint {
  role: Role;
  agent: Agent;
  user: { id: string; email: string };
  inputs: FootprintInputs;
  /** Texts only this user's records contain (e-mail, names, address, ship-to). */
  secrets: string[];
  /** Identifiers of this user's records: user id, order ids and numbers, line ids, idempotency keys. */
  ids: string[];
  orderIds: string[];
  orderNumbers: string[];
  idempotencyKeys: string[];
}

/**
 * Signs a new user in and gives them, through the real API, a profile, a shipping address, a
 * default ship-to, two orders (ordering roles only) and a cart. Every value carries a random tag.
 */
export async function seedUserFootprint(app: Express, db: Db, role: Role, asins: string[]): Promise<UserFootprint> {
  const { agent, user } = await signedInAgent(app, db, [role]);
  const tag = randomBytes(5).toString('hex');
  const inputs: FootprintInputs = {
    names: { first_name: `First${tag}`, last_name: `Last${tag}` },
    address: {
      full_name: `Ship${tag}`,
      street_line1: `${tag} Marker Street`,
      city: `City${tag}`,
      state: 'MA',
      postal_code: '02118',
      phone: `+1 555 ${tag.slice(0, 4)}`,
    },
    defaultShipTo: `Dock ${tag}`,
    orderLines: [{ asin: asins[0]!, quantity: 2 }],
    cartItems: asins.slice(0, 2).map((asin, index) => ({ asin, quantity: index + 3 })),
  };
  await agent.put('/api/profile/onboarding').send(inputs.names).expect(200);
  await agent.put('/api/me/shipping-address').send(inputs.address).expect(200);
  await agent.put('/api/me/default-ship-to').send({ default_ship_to: inputs.defaultShipTo }).expect(200);
  const orders: { id: string; order_number: string }[] = [];
  const idempotencyKeys: string[] = [];
  if ((ORDERING_ROLES as readonly string[]).includes(role)) {
    for (let index = 0; index < 2; index += 1) {
      const key = `seed-${randomUUID()}`;
      const created = await agent
        .post('/api/orders')
        .set('Idempotency-Key', key)
        .send({ lines: inputs.orderLines })
        .expect(201);
      orders.push(created.body as { id: string; order_number: string });
      idempotencyKeys.push(key);
    }
  }
  // After the orders: a submission empties the cart.
  await agent.put('/api/cart').send({ items: inputs.cartItems }).expect(200);
  const lineIds = (
    await db('order_items')
      .whereIn(
        'order_id',
        orders.map((order) => order.id),
      )
      .select('id')
  ).map((row: { id: string }) => row.id);
  return {
    role,
    agent,
    user,
    inputs,
    secrets: [
      user.email,
      inputs.names.first_name,
      inputs.names.last_name,
      inputs.address.full_name,
      inputs.address.street_line1,
      inputs.address.city,
      inputs.address.phone,
      inputs.defaultShipTo,
    ],
    ids: [user.id, ...orders.flatMap((order) => [order.id, order.order_number]), ...lineIds, ...idempotencyKeys],
    orderIds: orders.map((order) => order.id),
    orderNumbers: orders.map((order) => order.order_number),
    idempotencyKeys,
  };
}

/** Tables holding a user's rows, with the column naming the user and a stable order. */
const USER_TABLES: [table: string, userColumn: string, orderBy: string][] = [
  ['users', 'id', 'id'],
  ['user_roles', 'user_id', 'role'],
  ['password_credentials', 'user_id', 'user_id'],
  ['password_reset_tokens', 'user_id', 'created_at'],
  ['external_identities', 'user_id', 'provider'],
  ['profiles', 'user_id', 'user_id'],
  ['shipping_addresses', 'user_id', 'user_id'],
  ['mfa_totp_factors', 'user_id', 'user_id'],
  ['cart_items', 'user_id', 'product_id'],
  ['orders', 'user_id', 'id'],
  ['idempotency_keys', 'user_id', 'key'],
];

/**
 * Every row the database holds for one user (order lines and session ids included), read in one
 * round trip: compare two snapshots with toEqual.
 */
/**
 * A row as the snapshot compares it. An order's approvers_notified_level is written by the portal's
 * own work after a submission (it may land after the snapshot is taken), never by a request.
 */
function rowOf(table: string): string {
  return table === 'orders' ? "to_jsonb(t) - 'approvers_notified_level'" : 't';
}

export async function snapshotUserRows(db: Db, userId: string): Promise<Record<string, unknown>> {
  const perTable = USER_TABLES.map(
    ([table, column, orderBy]) =>
      `(SELECT coalesce(json_agg(${rowOf(table)} ORDER BY t.${orderBy}), '[]') FROM ${table} t WHERE t.${column} = :userId) AS ${table}`,
  );
  const { rows } = await db.raw(
    `SELECT ${perTable.join(', ')},
      (SELECT coalesce(json_agg(i ORDER BY i.id), '[]') FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.user_id = :userId) AS order_items,
      (SELECT coalesce(json_agg(s.sid ORDER BY s.sid), '[]') FROM sessions s WHERE s.sess->>'userId' = CAST(:userId AS text))
        AS sessions`,
    { userId },
  );
  return rows[0] as Record<string, unknown>;
}
