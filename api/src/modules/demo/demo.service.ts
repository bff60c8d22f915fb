import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { z } from 'zod';

import { BOOTSTRAP_THRESHOLD } from '../../contracts/catalog.js';
import { roleSchema } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { recordAudit } from '../audit/audit.service.js';
import { bootstrapCatalog } from '../catalog/catalog.service.js';
import { createUsersSharingPassword } from '../users/users.service.js';
import { writeDemoHistory } from './demo-history.service.js';
import type { SentDemoOrder } from './demo-history.rules.js';
import { planDemoOrders } from './demo-orders.rules.js';
import * as queries from './demo.queries.js';

const addressSchema = z.object({
  full_name: z.string(),
  street_line1: z.string(),
  street_line2: z.string().optional(),
  city: z.string(),
  state: z.string().length(2),
  postal_code: z.string(),
  phone: z.string().optional(),
});

const demoDataSchema = z.object({
  password: z.string().min(6),
  users: z.array(
    z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      roles: z.array(roleSchema).min(1),
      department: z.string(),
      approved: z.boolean(),
    }),
  ),
  addresses: z.record(z.string(), addressSchema),
});
export type DemoData = z.infer<typeof demoDataSchema>;

const DEMO_ORDER_COUNT = 72;
const ORDERING_ROLES = new Set(['doctor', 'nurse', 'provider', 'user']);

export async function readDemoData(ctx: ServiceContext): Promise<DemoData> {
  const file = path.join(ctx.config.staticRoot, 'seeds', 'demo-data.json');
  return demoDataSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/**
 * Demo accounts of every role, their addresses and a few months of orders in every status, so
 * every screen and report shows something on a first start. Runs once per database.
 */
export async function seedDemoData(ctx: ServiceContext): Promise<{ seeded: boolean; users: number; orders: number }> {
  if (await queries.isDemoDataSeeded(ctx.db)) return { seeded: false, users: 0, orders: 0 };
  const data = await readDemoData(ctx);
  if ((await queries.countActiveProducts(ctx.db)) < BOOTSTRAP_THRESHOLD) await bootstrapCatalog(ctx);

  const userIds = new Map<string, string>();
  const missing: typeof data.users = [];
  for (const user of data.users) {
    const existing = await queries.selectUserByEmail(ctx.db, user.email);
    if (existing) userIds.set(user.email, existing.id);
    else missing.push(user);
  }
  // The demo's published password is shared by its accounts: hashed once (its strength is tested).
  const created = await createUsersSharingPassword(
    ctx,
    data.password,
    missing.map((user) => ({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      roles: user.roles,
      isApproved: user.approved,
      department: user.department,
    })),
  );
  for (const user of created) userIds.set(user.email, user.id);

  const now = ctx.now();
  const orderCount = await ctx.db.transaction(async (trx) => {
    for (const [email, address] of Object.entries(data.addresses)) {
      const userId = userIds.get(email);
      if (!userId) continue;
      await queries.insertShippingAddressIfMissing(trx, userId, address, now);
    }
    const requesters = data.users.filter(
      (user) => user.approved && user.roles.some((role) => ORDERING_ROLES.has(role)),
    );
    const products = await queries.selectActiveDemoProducts(trx);
    const admin = data.users.find((user) => user.roles.includes('admin'));
    const adminId = admin ? (userIds.get(admin.email) ?? null) : null;
    // Each order is charged to its requester's department, as a submission is: budgets, the cart's
    // budget panel and Budget vs actual count an order by its department.
    const departments = await queries.selectDepartmentsOfUsers(trx, [...userIds.values()]);
    const plans = planDemoOrders(products, requesters.length, DEMO_ORDER_COUNT);
    const sent: SentDemoOrder[] = [];
    for (const plan of plans) {
      const requester = requesters[plan.requesterIndex];
      if (!requester) continue;
      const createdAt = new Date(now.getTime() - plan.daysAgo * 86_400_000 - (plan.requesterIndex + 1) * 3_600_000);
      const decidedAt = new Date(createdAt.getTime() + 2 * 3_600_000);
      const address = data.addresses[requester.email];
      const requesterId = userIds.get(requester.email) ?? '';
      const wasSent = plan.status === 'submitted' || plan.status === 'failed';
      const created = await queries.insertOrderWithItems(
        trx,
        {
          user_id: requesterId,
          user_email: requester.email,
          department_id: departments.get(requesterId) ?? null,
          status: plan.status,
          total_amount: plan.total_amount,
          notes: requester.roles.includes('provider') ? 'Order submitted by Provider' : 'Order submitted',
          delivery_location: requester.department,
          rejection_reason: plan.reason,
          ...(plan.urgentReason ? { is_urgent: true, urgent_reason: plan.urgentReason, priority: 'urgent' } : {}),
          created_at: createdAt,
          updated_at: decidedAt,
          ...(plan.status !== 'pending' && plan.status !== 'rejected'
            ? { approved_by: adminId, approval_source: 'admin', approved_at: decidedAt }
            : {}),
          ...(plan.status === 'rejected' ? { rejected_by: adminId, rejected_at: decidedAt } : {}),
          ...(plan.status === 'submitted' ? { submitted_at: decidedAt } : {}),
          ...(plan.status === 'failed' ? { failed_at: decidedAt } : {}),
          ...(wasSent && address
            ? {
                ship_to_full_name: address.full_name,
                ship_to_street_line1: address.street_line1,
                ship_to_street_line2: address.street_line2 ?? null,
                ship_to_city: address.city,
                ship_to_state: address.state,
                ship_to_postal_code: address.postal_code,
                ship_to_country: 'US',
                ship_to_phone: address.phone ?? null,
              }
            : {}),
        },
        plan.lines.map((line, index) => ({
          line_number: index + 1,
          product_id: line.product.id,
          asin: line.product.asin,
          sku: line.product.sku,
          title: line.product.title,
          quantity: line.quantity,
          unit_price: line.unit_price,
          total_price: line.total_price,
        })),
      );
      if (plan.status === 'submitted') {
        sent.push({
          orderId: created.id,
          sentAt: decidedAt,
          lines: plan.lines.map((line, index) => ({
            line_number: index + 1,
            quantity: line.quantity,
            unit_price: line.unit_price,
          })),
        });
      }
    }
    await writeDemoHistory(trx, sent, now);
    await queries.markDemoDataSeeded(trx, now);
    await recordAudit(ctx, { action: 'demo.seed', targetType: 'database', details: { orders: plans.length } }, trx);
    return plans.length;
  });
  return { seeded: true, users: userIds.size, orders: orderCount };
}
