import {
  countInputSchema,
  repeatedCountAsins,
  topUpLines,
  topUpPacks,
  unknownCountAsins,
  type Cart,
  type CountAnswer,
  type LocationDetail,
  type MyLocation,
  type Order,
} from '../../contracts/index.js';
import { countOrderRequestSchema } from '../../contracts/stat-orders.js';
import { displayPrice } from '../../contracts/products.rules.js';
import { canSubmitCart, isAdmin, type Role } from '../../contracts/roles.rules.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { addCartItems, getCart } from '../cart/cart.service.js';
import { submitOrder, type Requester } from '../orders/orders.service.js';
import * as counts from './counts.queries.js';
import { locationNotFound } from './locations-admin.service.js';
import * as queries from './locations.queries.js';

/** Who is counting: the signed-in account and its roles. */
export interface Counter {
  userId: string;
  roles: readonly Role[];
}

/**
 * "Assigned to a location" means: in the location's department (profiles.department_id). Admins
 * may read and count every active location. Anyone else gets 404, as for another user's order.
 */
async function scopeOf(ctx: ServiceContext, counter: Counter): Promise<string | null | 'all'> {
  if (isAdmin(counter.roles)) return 'all';
  return counts.selectUserDepartmentId(ctx.db, counter.userId);
}

async function countableLocation(ctx: ServiceContext, counter: Counter, id: string): Promise<MyLocation> {
  const [location] = await counts.selectCountableLocations(ctx.db, { departmentId: await scopeOf(ctx, counter), id });
  if (!location) throw locationNotFound();
  return location;
}

/** GET /api/locations. */
export async function listMyLocations(ctx: ServiceContext, counter: Counter): Promise<MyLocation[]> {
  return counts.selectCountableLocations(ctx.db, { departmentId: await scopeOf(ctx, counter) });
}

/** GET /api/locations/:id. */
export async function getMyLocation(ctx: ServiceContext, counter: Counter, id: string): Promise<LocationDetail> {
  const location = await countableLocation(ctx, counter, id);
  const items = await counts.selectStockItems(ctx.db, id);
  return {
    ...location,
    stock_list: items.map((item) => ({
      asin: item.asin,
      title: item.title,
      image_url: item.image_url,
      price: displayPrice(item),
      par: item.par,
      reorder_point: item.reorder_point,
      pack_size: item.pack_size,
    })),
  };
}

/**
 * Records a count (who, when, on hand per item, with the stock-list line as it was) and answers
 * its top-up in packs. A count naming an item not on the list is refused whole: 422, nothing kept.
 */
export async function recordCount(
  ctx: ServiceContext,
  counter: Counter,
  id: string,
  rawInput: unknown,
): Promise<CountAnswer> {
  if (!(await counts.isCountableLocation(ctx.db, { departmentId: await scopeOf(ctx, counter), id }))) {
    throw locationNotFound();
  }
  const input = countInputSchema.parse(rawInput);
  const repeated = repeatedCountAsins(input.counts);
  if (repeated.length > 0) {
    throw AppError.badRequest(
      'COUNT_REPEATED_ITEMS',
      `Count each item once: ${repeated.join(', ')} is counted twice.`,
      {
        counts: `${repeated.join(', ')} counted more than once`,
      },
    );
  }
  const stockList = await queries.selectStockList(ctx.db, id);
  const unknown = unknownCountAsins(stockList, input.counts);
  if (unknown.length > 0) {
    const errors = Object.fromEntries(
      input.counts.flatMap((count, index) =>
        unknown.includes(count.asin) ? [[`counts.${index}.asin`, 'is not on this location’s stock list']] : [],
      ),
    );
    throw new AppError(
      422,
      'COUNT_UNKNOWN_ITEMS',
      `Not on this location’s stock list: ${unknown.join(', ')}. Nothing was recorded.`,
      errors,
    );
  }
  const onHand = new Map(input.counts.map((count) => [count.asin, count.on_hand]));
  const countedAt = ctx.now();
  const countId = await counts.insertCount(
    ctx.db,
    { locationId: id, countedBy: counter.userId, countedAt },
    stockList.flatMap((line) => {
      const counted = onHand.get(line.asin);
      if (counted === undefined) return [];
      return [
        {
          product_id: line.product_id,
          on_hand: counted,
          par: line.par,
          reorder_point: line.reorder_point,
          pack_size: line.pack_size,
          quantity: topUpPacks(line, counted),
        },
      ];
    }),
  );
  return { id: countId, counted_at: countedAt.toISOString(), lines: topUpLines(stockList, input.counts) };
}

/**
 * Puts the top-up of one's own count into one's own cart, once (a second tap answers 409); the
 * cart's limits apply, and the budget and approval rules when the cart is submitted. Only for those
 * who may submit a cart (403 before anything is written, so the count can still become an order).
 */
export async function addCountToCart(
  ctx: ServiceContext,
  counter: Counter,
  id: string,
  countId: string,
): Promise<Cart> {
  await countableLocation(ctx, counter, id);
  // Offer only what can be finished: a cart its owner may not submit would hold the top-up for nothing.
  if (!canSubmitCart(counter.roles)) {
    throw new AppError(
      403,
      'ORDERING_NOT_ALLOWED',
      'Only doctors, providers and users can submit a cart: submit this count as an order instead.',
    );
  }
  await ctx.db.transaction(async (trx) => {
    const count = await counts.selectCountForUpdate(trx, id, countId);
    if (!count || count.counted_by !== counter.userId) {
      throw AppError.notFound('Count not found', 'COUNT_NOT_FOUND');
    }
    if (count.added_to_cart_at) {
      throw AppError.conflict('COUNT_ALREADY_IN_CART', 'This count’s top-up is already in your cart.');
    }
    if (count.order_id) {
      throw AppError.conflict('COUNT_ALREADY_ORDERED', 'This count’s top-up was already submitted as an order.');
    }
    await addCartItems(ctx, counter.userId, await counts.selectCountTopUp(trx, countId), trx);
    await counts.markCountAddedToCart(trx, countId, ctx.now());
  });
  return getCart(ctx, counter.userId);
}

/**
 * Submits the top-up of one's own count as an order for the location: the location
 * is its delivery location, the budget, limit and approval rules apply as to any order, and the
 * counter's cart is left alone. Once: the count's id is the Idempotency-Key, so a second tap, a
 * retry or two tabs answer the same order; a count already put in the cart is refused (409).
 */
export async function submitCountAsOrder(
  ctx: ServiceContext,
  requester: Requester,
  id: string,
  countId: string,
  rawBody: unknown = {},
): Promise<{ order: Order; isReplay: boolean }> {
  // An empty body submits as before; `urgent` makes it a STAT order.
  const { urgent, delivery_note } = countOrderRequestSchema.parse(rawBody ?? {});
  const location = await countableLocation(ctx, requester, id);
  const count = await counts.selectCount(ctx.db, id, countId);
  if (!count || count.counted_by !== requester.userId) {
    throw AppError.notFound('Count not found', 'COUNT_NOT_FOUND');
  }
  if (count.added_to_cart_at) {
    throw AppError.conflict('COUNT_ALREADY_IN_CART', 'This count’s top-up is already in your cart.');
  }
  const lines = await counts.selectCountTopUp(ctx.db, countId);
  if (lines.length === 0 && !count.order_id) {
    throw AppError.badRequest('COUNT_NOTHING_TO_ORDER', 'Nothing to order: every item is at or above its level.');
  }
  const submitted = await submitOrder(
    ctx,
    requester,
    `count-${countId}`,
    { lines, ...(urgent ? { urgent } : {}), delivery_note },
    { keepCart: true, forLocation: { id: location.id, name: location.name } },
  );
  await counts.markCountOrdered(ctx.db, countId, submitted.order.id);
  return submitted;
}
