import { createHash } from 'node:crypto';

import { cartAddSchema, cartReplaceSchema, type Cart } from '../../contracts/cart.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { selectProductsByAsins } from '../products/products.queries.js';
import { toProduct } from '../products/products.service.js';
import * as queries from './cart.queries.js';

function describeCart(rows: queries.CartRow[]): Cart {
  const fingerprint = rows.map((row) => `${row.product.asin}:${row.quantity}:${row.added_at.getTime()}`).join('|');
  return {
    items: rows.map((row) => ({
      product: toProduct(row.product),
      quantity: row.quantity,
      added_at: row.added_at.toISOString(),
    })),
    item_count: rows.reduce((sum, row) => sum + row.quantity, 0),
    version: createHash('sha256').update(fingerprint).digest('hex').slice(0, 24),
  };
}

export async function getCart(ctx: ServiceContext, userId: string): Promise<Cart> {
  return describeCart(await queries.selectCart(ctx.db, userId));
}

/** Products the cart may hold: active catalogue products only; names the first one that is not. */
async function resolveActiveProducts(ctx: ServiceContext, asins: string[]) {
  const products = await selectProductsByAsins(ctx.db, asins);
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
  await queries.addToCart(ctx.db, userId, products.get(input.asin)?.id ?? '', input.quantity, ctx.now());
  return getCart(ctx, userId);
}

/** Replaces the whole cart; lines with a quantity of 0 or less are dropped, repeated ASINs summed. */
export async function replaceCart(ctx: ServiceContext, userId: string, rawInput: unknown): Promise<Cart> {
  const input = cartReplaceSchema.parse(rawInput);
  const quantities = new Map<string, number>();
  for (const line of input.items) {
    if (line.quantity > 0) quantities.set(line.asin, Math.min(9999, (quantities.get(line.asin) ?? 0) + line.quantity));
  }
  const products = await resolveActiveProducts(ctx, [...quantities.keys()]);
  await ctx.db.transaction(async (trx) => {
    await queries.replaceCart(
      trx,
      userId,
      [...quantities].map(([asin, quantity]) => ({ productId: products.get(asin)?.id ?? '', quantity })),
      ctx.now(),
    );
  });
  return getCart(ctx, userId);
}
