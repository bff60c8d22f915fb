import { createHash } from 'node:crypto';

import { mergeLines, orderTotalOverCeiling, quantityOverLimit } from '../../contracts/cart.rules.js';
import {
  SHIPPING_ADDRESS_REQUIRED_MESSAGE,
  orderSubmissionSchema,
  type ListedOrder,
  type Order,
  type OrderDetail,
  type ReceivingOrderList,
  type ReceivingOrdersQuery,
} from '../../contracts/order-submission.js';
import { STAT_REASON_LABEL } from '../../contracts/stat-orders.js';
import { LOCATION_ORDERING_ROLES, ORDERING_ROLES, effectiveRole, isAdmin, type Role } from '../../contracts/roles.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { readFulfilmentSummaries, readOrderFulfilment } from '../fulfilment/fulfilment.service.js';
import { lockBudgetForSubmission } from '../budgets/budgets.service.js';
import { admitMonthlyLimit } from '../budgets/user-limits.service.js';
import { outboxStatus } from '../mail/mail.service.js';
import { deliverNewOrderMails, newOrderMailForAdmins } from '../notifications/order-notifications.service.js';
import type { AutoApprovalPreference } from '../supplier/auto-approval.rules.js';
import { approveAutomaticallyIfEligible } from '../supplier/auto-approval.service.js';
import { notifyWaitingLevel } from '../approvals/level-approver-notifications.service.js';
import { formatCents, lineTotalCents, orderTotalCents, toCents, unitPriceCents } from './order-pricing.rules.js';
import { linesByOrderId, serializeOrder } from './order.serializer.js';
import * as queries from './orders.queries.js';
import { supplierCartLines } from './punchout-order-lines.service.js';
import { ORDER_NOTE_LABEL, refusePatientDataInSupplierText } from './supplier-text-guard.service.js';

const OWN_ORDERS_LIMIT = 200;
/** admin-portal §2: on the storefront's /orders an admin sees everyone's latest 50 orders. */
export const ADMIN_ORDERS_LIMIT = 50;

export interface Requester {
  userId: string;
  email: string;
  roles: Role[];
}

export interface SubmitOptions {
  /**
   * The QA runner's test order, placed by this admin for the requester: marked is_qa (never in
   * reports), attributed to the admin, no mail to the admins and no automatic approval.
   */
  qaRunBy?: string;
  /** A standing order's occurrence: the owner's cart is left as it is. */
  keepCart?: boolean;
  /**
   * A count's top-up: the location is the order's delivery location, and whoever may
   * count there (a nurse of the ward too) may submit it; the service that calls checked that.
   */
  forLocation?: { id: string; name: string };
}

/** Roles that may submit a ward location's top-up besides those who order (docs/par-levels.md). */
export function mayOrderForLocation(role: string): boolean {
  return (LOCATION_ORDERING_ROLES as readonly string[]).includes(role);
}

/**
 * Creates a pending order from ASINs and quantities only: the server looks every product up,
 * prices the lines (decisions.md), and writes the order, its lines, the emptied cart and the audit
 * row in one transaction. The same Idempotency-Key (double click, retry, a second tab on the same
 * cart) answers the same order. Two round trips: one read, one write statement (orders.queries).
 */
export async function submitOrder(
  ctx: ServiceContext,
  requester: Requester,
  idempotencyKey: string,
  rawInput: unknown,
  options: SubmitOptions = {},
): Promise<{ order: Order; isReplay: boolean }> {
  const role = effectiveRole(requester.roles);
  const mayOrder = options.forLocation ? mayOrderForLocation(role) : ORDERING_ROLES.includes(role);
  if (!mayOrder) {
    throw new AppError(403, 'ORDERING_NOT_ALLOWED', 'Admin users can view cart contents but cannot submit orders.');
  }
  const input = orderSubmissionSchema.parse(rawInput);
  const supplierItemIds = [...new Set(input.supplier_item_ids ?? [])].sort();
  if (input.lines.length === 0 && supplierItemIds.length === 0)
    throw AppError.badRequest('CART_EMPTY', 'Cart is empty');
  // The limits hold for each product's merged quantity, not line by line.
  const quantities = mergeLines(input.lines);
  const overLimit = quantityOverLimit(quantities);
  if (overLimit) {
    throw AppError.badRequest('QUANTITY_TOO_HIGH', overLimit.message, { lines: overLimit.message });
  }
  const urgentReason = input.urgent?.reason ?? null;
  const deliveryNote = input.delivery_note;
  const requestHash = createHash('sha256')
    .update(
      JSON.stringify(supplierItemIds.length > 0 ? [[...quantities].sort(), supplierItemIds] : [...quantities].sort()),
    )
    // A STAT order's reason counts: the same key marked urgent is another request. Left out
    // otherwise, so earlier keys keep their hashes.
    .update(urgentReason === null ? '' : JSON.stringify({ urgent: urgentReason }))
    // Likewise the delivery instructions, only when there are some.
    .update(deliveryNote === null ? '' : JSON.stringify({ delivery_note: deliveryNote }))
    .digest('hex');
  const now = ctx.now();

  const { profile, previousKey, products, maxOrderTotal } = await queries.selectSubmissionContext(
    ctx.db,
    requester.userId,
    idempotencyKey,
    [...quantities.keys()],
  );
  if (!profile?.onboarding_approved) {
    throw new AppError(403, 'ACCOUNT_NOT_APPROVED', 'Your account is waiting for admin approval.');
  }
  if (previousKey) return replay(ctx, requester.userId, previousKey, requestHash);
  // After the repeat check: a repeat of a stored order is answered as stored, even if a pattern was
  // added since.
  await refusePatientDataInSupplierText(ctx, [
    { field: 'urgent.reason', label: STAT_REASON_LABEL, text: urgentReason },
    { field: 'delivery_note', label: ORDER_NOTE_LABEL, text: deliveryNote },
  ]);
  // Refused where it is made: an order without a ship-to could never be sent to the supplier.
  if (!profile.has_shipping_address) {
    throw new AppError(422, 'SHIPPING_ADDRESS_REQUIRED', SHIPPING_ADDRESS_REQUIRED_MESSAGE);
  }
  const activeByAsin = new Map(products.filter((product) => product.active).map((product) => [product.asin, product]));
  const priced = [...quantities].map(([asin, quantity], index) => {
    const product = activeByAsin.get(asin);
    if (!product) {
      const title = products.find((candidate) => candidate.asin === asin)?.title ?? asin;
      throw AppError.badRequest(
        'PRODUCT_NOT_IN_CATALOG',
        `Product "${title}" (ASIN: ${asin}) is not in the catalog. Please remove it from your cart and try again.`,
      );
    }
    const unitCents = unitPriceCents(product);
    return { product, quantity, unitCents, lineNumber: index + 1 };
  });
  const supplierLines = await supplierCartLines(ctx, requester.userId, supplierItemIds, priced.length);
  if (priced.length + supplierLines.length > 200) {
    throw AppError.badRequest('TOO_MANY_LINES', 'An order can have at most 200 lines', {
      lines: 'An order can have at most 200 lines',
    });
  }
  const totalCents = orderTotalCents(
    [...priced, ...supplierLines].map((line) => ({ quantity: line.quantity, unitPriceCents: line.unitCents })),
  );
  const overCeiling = orderTotalOverCeiling(totalCents, toCents(maxOrderTotal));
  if (overCeiling) throw new AppError(422, 'ORDER_TOTAL_TOO_HIGH', overCeiling);
  const order = {
    user_id: requester.userId,
    user_email: requester.email,
    status: 'pending' as const,
    total_amount: formatCents(totalCents),
    notes: options.forLocation
      ? `Top-up of ${options.forLocation.name} from a count`
      : role === 'provider'
        ? 'Order submitted by Provider'
        : 'Order submitted',
    delivery_location: options.forLocation?.name ?? (profile.department?.trim() || 'Default'),
    department_id: profile.department_id,
    location_id: options.forLocation?.id ?? null,
    // Recorded: a later edit of the user's limit never changes what this order needs.
    order_limit: profile.order_limit,
    priority: urgentReason === null ? ('normal' as const) : ('urgent' as const),
    is_urgent: urgentReason !== null,
    urgent_reason: urgentReason,
    delivery_note: deliveryNote,
    is_qa: options.qaRunBy !== undefined,
    qa_run_by: options.qaRunBy ?? null,
    created_at: now,
    updated_at: now,
  };
  const items: queries.OrderItemInsert[] = priced.map((line) => ({
    line_number: line.lineNumber,
    product_id: line.product.id,
    asin: line.product.asin,
    sku: line.product.sku,
    title: line.product.title,
    quantity: line.quantity,
    unit_price: formatCents(line.unitCents),
    total_price: formatCents(lineTotalCents({ quantity: line.quantity, unitPriceCents: line.unitCents })),
  }));
  items.push(...supplierLines.map((line) => line.item));
  const adminMail = newOrderMailForAdmins(order, queries.ORDER_NUMBER_SLOT, ctx.config.publicUrl);
  const write = {
    order,
    items,
    adminMail: { ...adminMail, status: outboxStatus(ctx) },
    idempotency: { key: idempotencyKey, requestHash },
    keepCart: options.keepCart === true,
    punchoutLines: supplierLines.map((line) => line.punchout),
    supplierItemIds,
    audit: {
      actorUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      actorLabel: ctx.actor.label,
      clientAddress: ctx.clientAddress,
      requestId: ctx.requestId,
    },
  };
  const departmentId = order.is_qa ? null : profile.department_id;
  const hasMonthlyLimit = !order.is_qa && profile.monthly_limit !== null;
  const created: (queries.SubmissionWritten & { isOverSpend?: boolean }) | undefined =
    departmentId || hasMonthlyLimit
      ? await insertWithinBudget(ctx, write, { departmentId, hasMonthlyLimit }, totalCents)
      : await queries.insertSubmittedOrder(ctx.db, write);
  if (!created) {
    // A submission with the same key committed while this one was being priced.
    const taken = await queries.selectIdempotencyKey(ctx.db, requester.userId, idempotencyKey);
    return replay(ctx, requester.userId, taken, requestHash);
  }
  // The answer is what was just written, as getOwnOrder would read it back.
  const stored = serializeOrder(
    {
      ...order,
      id: created.id,
      order_number: created.order_number,
      display_seq: created.display_seq,
      rejection_reason: null,
      first_name: profile.first_name,
      last_name: profile.last_name,
      username: profile.username,
    },
    items.map((item, index) => {
      const quote = supplierLines[index - priced.length]?.punchout;
      return {
        ...item,
        id: created.lineIds[index] ?? '',
        image_url: priced[index]?.product.image_url ?? null,
        punchout_unit_of_measure: quote?.unit_of_measure ?? null,
        punchout_reference: quote?.supplier_part_auxiliary_id ?? null,
        punchout_previous_unit_price: quote?.previous_unit_price ?? null,
        punchout_previous_order_number: quote?.previous_order_number ?? null,
        punchout_previous_seen_at: quote?.previous_seen_at ?? null,
      };
    }),
  );
  afterOrderCreated(
    ctx,
    stored,
    () => deliverNewOrderMails(ctx, stored.order_number, created.adminMails, adminMail),
    order.is_qa ? { ...created.autoApproval, enabled: false, statUnderAmount: null } : created.autoApproval,
    () =>
      notifyWaitingLevel(
        ctx,
        created.id,
        // A STAT order's level mail goes to every approver, the administrators told of the new order too.
        order.is_urgent ? [] : created.adminMails.map((mail) => mail.to_address),
      ),
    created.isOverSpend === true,
  );
  return { order: stored, isReplay: false };
}

/**
 * The budget check, the requester's monthly limit and the order's insert as one
 * transaction. The order is written first, then the department's budget row and the
 * requester's profile row are locked and the period's other orders summed: the locks are held only
 * from the check to the commit, so concurrent submissions queue on them briefly and the last dollars
 * are spent once — an order written meanwhile by another submission is counted as soon as that one
 * commits. A key already used (its order committed while this one waited) is a replay, never a
 * refusal; a stop refusal throws and rolls the insert back: nothing is written.
 */
async function insertWithinBudget(
  ctx: ServiceContext,
  write: queries.SubmissionWrite,
  limits: { departmentId: string | null; hasMonthlyLimit: boolean },
  totalCents: number,
): Promise<(queries.SubmissionWritten & { isOverSpend?: boolean }) | undefined> {
  return ctx.db.transaction(async (trx) => {
    const now = write.order.created_at;
    const created = await queries.insertSubmittedOrder(trx, write);
    if (!created) return undefined;
    const budget = limits.departmentId ? await lockBudgetForSubmission(ctx, trx, limits.departmentId, now) : undefined;
    if (!budget && !limits.hasMonthlyLimit) return created;
    const { isOverBudget } = budget ? await budget.admit(totalCents, created.id) : { isOverBudget: false };
    const { isOverLimit } = limits.hasMonthlyLimit
      ? await admitMonthlyLimit(trx, {
          userId: write.order.user_id,
          orderId: created.id,
          orderCents: totalCents,
          now,
          policy: budget?.policy,
        })
      : { isOverLimit: false };
    if (isOverBudget || isOverLimit) {
      await queries.flagOverSpend(trx, created.id, { over_budget: isOverBudget, over_limit: isOverLimit });
    }
    if (budget) await budget.afterInsert(totalCents);
    return { ...created, isOverSpend: isOverBudget || isOverLimit };
  });
}

/** The same key again: the same request answers its order, a different one is refused. */
async function replay(
  ctx: ServiceContext,
  userId: string,
  previous: { request_hash: string; order_id: string | null } | undefined,
  requestHash: string,
): Promise<{ order: Order; isReplay: true }> {
  if (previous?.request_hash !== requestHash || !previous.order_id) {
    throw AppError.conflict('IDEMPOTENCY_KEY_REUSED', 'This submission key was already used for a different order.');
  }
  return { order: await getOwnOrder(ctx, userId, previous.order_id), isReplay: true };
}

/**
 * After the order is safely stored: send the admins' mails queued with it, and let the automation
 * policy approve it. Runs after the answer so a slow supplier or mail server never slows a
 * submission; a crash mid-way is finished by the supplier-recovery and outbox jobs.
 */
function afterOrderCreated(
  ctx: ServiceContext,
  order: Order,
  deliverAdminMails: () => Promise<void>,
  autoApproval: AutoApprovalPreference,
  notifyApprovers: () => Promise<void>,
  isOverSpend: boolean,
): void {
  setImmediate(() => {
    void (async () => {
      await deliverAdminMails();
      await approveAutomaticallyIfEligible(ctx, { ...order, isOverSpend }, autoApproval);
      // Whatever auto-approval left waiting (level 1, or the next level after the system's approval);
      // an approval given meanwhile has told the next level, which is not told a second time.
      await notifyApprovers();
    })().catch((error: unknown) =>
      ctx.log.error({ order_id: order.id, error: String(error) }, 'after-order work failed'),
    );
  });
}

async function assembleOrders(ctx: ServiceContext, rows: queries.OrderRow[]): Promise<Order[]> {
  const lines = linesByOrderId(
    await queries.selectOrderLines(
      ctx.db,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => serializeOrder(row, lines.get(row.id) ?? []));
}

/**
 * The storefront's /orders list: the caller's own orders, or for an admin (decisions.md: admin or
 * super_admin) everyone's latest 50 (admin-portal §2, provider-portal §2 Orders page).
 */
export async function listOrdersFor(
  ctx: ServiceContext,
  requester: Pick<Requester, 'userId' | 'roles'>,
  filter: { status?: string } = {},
): Promise<ListedOrder[]> {
  const scope = isAdmin(requester.roles)
    ? { limit: ADMIN_ORDERS_LIMIT }
    : { userId: requester.userId, limit: OWN_ORDERS_LIMIT };
  return withFulfilmentSummaries(ctx, await queries.selectOrders(ctx.db, { ...scope, status: filter.status }));
}

/** The lines an order's fulfilment is derived from: those ordered, not those an approver rejected. */
function orderedLinesOf(lines: readonly queries.OrderLineRow[]) {
  return lines
    .filter((line) => line.rejected_at === null)
    .map(({ order_id, line_number, asin, title, quantity, unit_price }) => ({
      order_id,
      line_number,
      asin,
      title,
      quantity,
      unit_price,
    }));
}

/**
 * Orders with their fulfilment in brief, in a fixed number of statements (no request per order):
 * the lines are read once, for the orders and for their fulfilment.
 */
async function withFulfilmentSummaries(ctx: ServiceContext, rows: queries.OrderRow[]): Promise<ListedOrder[]> {
  const linesRead = queries.selectOrderLines(
    ctx.db,
    rows.map((row) => row.id),
  );
  const [lines, summaries] = await Promise.all([
    linesRead,
    readFulfilmentSummaries(ctx.db, rows, ctx.now(), linesRead.then(orderedLinesOf)),
  ]);
  const linesOfOrder = linesByOrderId(lines);
  return rows.map((row) => ({
    ...serializeOrder(row, linesOfOrder.get(row.id) ?? []),
    fulfilment_summary: summaries.get(row.id) ?? null,
  }));
}

/**
 * GET /api/receiving/orders (logistics_admin and admins, who receive for the whole organisation;
 * the route checks the role): the organisation's sent orders with something still to receive,
 * newest sent first, a page at a time.
 */
export async function listOrdersToReceive(
  ctx: ServiceContext,
  page: ReceivingOrdersQuery,
): Promise<ReceivingOrderList> {
  const { rows, total } = await queries.selectOrdersToReceive(ctx.db, {
    offset: (page.page - 1) * page.per_page,
    limit: page.per_page,
  });
  const orders = await withFulfilmentSummaries(ctx, rows);
  return {
    // Every listed order was sent, so each has its summary.
    data: orders.flatMap(({ fulfilment_summary, ...order }) =>
      fulfilment_summary ? [{ ...order, fulfilment_summary }] : [],
    ),
    total,
    page: page.page,
    per_page: page.per_page,
  };
}

/** GET /api/receiving/orders/:id: any sent order with its fulfilment, for whoever receives it; others 404. */
export async function getOrderToReceive(ctx: ServiceContext, orderId: string): Promise<OrderDetail> {
  const [order] = await assembleOrders(
    ctx,
    await queries.selectOrders(ctx.db, { orderId, status: 'submitted', limit: 1 }),
  );
  const fulfilment = order && (await readOrderFulfilment(ctx.db, order.id, ctx.now()));
  if (!order || !fulfilment) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  return { ...order, fulfilment };
}

/** Another user's order answers exactly like a missing one. */
/** GET /api/orders/:id: the caller's order and what happened to it after the supplier. */
export async function getOwnOrderDetail(ctx: ServiceContext, userId: string, orderId: string): Promise<OrderDetail> {
  const order = await getOwnOrder(ctx, userId, orderId);
  const fulfilment = await readOrderFulfilment(ctx.db, order.id, ctx.now());
  if (!fulfilment) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  return { ...order, fulfilment };
}

export async function getOwnOrder(ctx: ServiceContext, userId: string, orderId: string): Promise<Order> {
  const [order] = await assembleOrders(ctx, await queries.selectOrders(ctx.db, { userId, orderId, limit: 1 }));
  if (!order) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
  return order;
}
