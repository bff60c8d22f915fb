import { createHash } from 'node:crypto';

import {
  cartAddSchema,
  cartReplaceSchema,
  MAX_LINE_QUANTITY,
  mergeLines,
  quantityOverLimit,
  type Cart,
} from '../../contracts/cart.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../database/connection.js';
import { AppError } from '../../http/app-error.js';
import { toProduct } from '../products/products.service.js';
import * as queries from './cart.queries.js';
import {
  deleteSupplierCartItem,
  keepSupplierCartItems,
  selectSupplierCartItems,
  type SupplierCartRow,
} from './supplier-cart.queries.js';

function describeCart(rows: queries.CartRow[], supplierRows: SupplierCartRow[]): Cart {
  const fingerprint = [
    ...rows.map((row) => `${row.product.asin}:${row.quantity}:${row.added_at.getTime()}`),
    ...supplierRows.map((row) => `supplier:${row.id}:${row.quantity}`),
  ].join('|');
  return {
    items: rows.map((row) => ({
      product: toProduct(row.product),
      quantity: row.quantity,
      added_at: row.added_at.toISOString(),
    })),
    supplier_items: supplierRows.map(toSupplierCartItem),
    item_count: [...rows, ...supplierRows].reduce((sum, row) => sum + row.quantity, 0),
    version: createHash('sha256').update(fingerprint).digest('hex').slice(0, 24),
  };
}

function toSupplierCartItem(row: SupplierCartRow): Cart['supplier_items'][number] {
  return {
    id: row.id,
    supplier_part_id: row.supplier_part_id,
    supplier_part_auxiliary_id: row.supplier_part_auxiliary_id,
    description: row.description,
    unit_price: row.unit_price,
    quantity: row.quantity,
    unit_of_measure: row.unit_of_measure,
    manufacturer_name: row.manufacturer_name,
    added_at: row.added_at.toISOString(),
  };
}

export async function getCart(ctx: ServiceContext, userId: string): Promise<Cart> {
  const [rows, supplierRows] = await Promise.all([
    queries.selectCart(ctx.db, userId),
    selectSupplierCartItems(ctx.db, userId),
  ]);
  return describeCart(rows, supplierRows);
}

/** The requester's supplier lines an order takes (all of `ids` that are still theirs). */
export function readSupplierCartItems(ctx: ServiceContext, userId: string, ids: readonly string[]) {
  return selectSupplierCartItems(ctx.db, userId, ids);
}

/** Removes one line the supplier's shop put in the cart; someone else's line is not found. */
export async function removeSupplierCartItem(ctx: ServiceContext, userId: string, id: string): Promise<Cart> {
  if (!(await deleteSupplierCartItem(ctx.db, userId, id)))
    throw AppError.notFound('This supplier item is not in your cart.');
  return getCart(ctx, userId);
}

/** Products the cart may hold: active catalogue products only; names the first one that is not. */
async function resolveActiveProducts(ctx: ServiceContext, asins: string[], db: Db = ctx.db) {
  const products = await queries.selectProductsByAsins(db, asins);
  const byAsin = new Map(products.filter((product) => product.active).map((product) => [product.asin, product]));
  const missing = asins.find((asin) => !byAsin.has(asin));
  if (missing) {
    const title = products.find((product) => product.asin === missing)?.title ?? missing;
    throw AppError.badRequest(
      'PRODUCT_NOT_IN_CATALOG',
      `Product "${title}" (ASIN: ${missing}) is not in the catalog. Please remove it from your cart and try again.`,
    );
  }
  return byAsin;
}

export async function addCartItem(ctx: ServiceContext, userId: string, rawInput: unknown): Promise<Cart> {
  const input = cartAddSchema.parse(rawInput);
  const products = await resolveActiveProducts(ctx, [input.asin]);
  const result = await queries.addToCart(
    ctx.db,
    userId,
    products.get(input.asin)?.id ?? '',
    input.quantity,
    ctx.now(),
    MAX_LINE_QUANTITY,
  );
  if (!result.added) refuseOverLimit(new Map([[input.asin, result.held + input.quantity]]));
  return getCart(ctx, userId);
}

/**
 * Adds several lines at once, all or none, in the caller's transaction (a count's top-up): each
 * adds to the line the cart already holds, within the per-product limit.
 */
export async function addCartItems(
  ctx: ServiceContext,
  userId: string,
  lines: readonly { asin: string; quantity: number }[],
  db: Db,
): Promise<void> {
  const quantities = mergeLines(lines);
  if (quantities.size === 0) return;
  const products = await resolveActiveProducts(ctx, [...quantities.keys()], db);
  for (const [asin, quantity] of quantities) {
    const result = await queries.addToCart(
      db,
      userId,
      products.get(asin)?.id ?? '',
      quantity,
      ctx.now(),
      MAX_LINE_QUANTITY,
    );
    if (!result.added) refuseOverLimit(new Map([[asin, result.held + quantity]]));
  }
}

/** The cart's lines obey the order's rule: each product's merged quantity within the limit. */
function refuseOverLimit(merged: ReadonlyMap<string, number>): void {
  const overLimit = quantityOverLimit(merged);
  if (overLimit) throw AppError.badRequest('QUANTITY_TOO_HIGH', overLimit.message, { quantity: overLimit.message });
}

/**
 * Replaces the whole cart; lines with a quantity of 0 or less are dropped, repeated ASINs summed,
 * and a sum past the limit refused (it was cut to 9999 without a word).
 */
export async function replaceCart(ctx: ServiceContext, userId: string, rawInput: unknown): Promise<Cart> {
  const input = cartReplaceSchema.parse(rawInput);
  const quantities = mergeLines(input.items);
  refuseOverLimit(quantities);
  const products = await resolveActiveProducts(ctx, [...quantities.keys()]);
  await ctx.db.transaction(async (trx) => {
    await queries.replaceCart(
      trx,
      userId,
      [...quantities].map(([asin, quantity]) => ({ productId: products.get(asin)?.id ?? '', quantity })),
      ctx.now(),
    );
    if (input.supplier_item_ids) await keepSupplierCartItems(trx, userId, input.supplier_item_ids);
  });
  return getCart(ctx, userId);
}
