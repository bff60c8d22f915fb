import type { Db } from '../../database/connection.js';
import { PRODUCT_COLUMNS, type ProductRow } from '../products/products.queries.js';

export interface CartRow {
  product: ProductRow;
  quantity: number;
  added_at: Date;
}

export async function selectCart(db: Db, userId: string): Promise<CartRow[]> {
  const rows: (ProductRow & { cart_quantity: number; cart_added_at: Date })[] = await db('cart_items')
    .join('products', 'products.id', 'cart_items.product_id')
    .where('cart_items.user_id', userId)
    .orderBy([{ column: 'cart_items.added_at' }, { column: 'products.title' }])
    .select(
      ...PRODUCT_COLUMNS.map((column) => `products.${column}`),
      'cart_items.quantity as cart_quantity',
      'cart_items.added_at as cart_added_at',
    );
  return rows.map(({ cart_quantity: quantity, cart_added_at: addedAt, ...product }) => ({
    product,
    quantity,
    added_at: addedAt,
  }));
}

/**
 * Adds to the line's quantity, or creates it (provider-portal §5), unless the sum would pass
 * `maxQuantity`: then nothing changes and the answer is the quantity the line already holds.
 */
export async function addToCart(
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
  now: Date,
  maxQuantity: number,
): Promise<{ added: true } | { added: false; held: number }> {
  const { rows } = await db.raw<{ rows: { quantity: number }[] }>(
    `INSERT INTO cart_items (user_id, product_id, quantity, added_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity
       WHERE cart_items.quantity + EXCLUDED.quantity <= ?
     RETURNING quantity`,
    [userId, productId, quantity, now, maxQuantity],
  );
  if (rows.length > 0) return { added: true };
  const held = await db('cart_items').where({ user_id: userId, product_id: productId }).first('quantity');
  return { added: false, held: Number(held?.quantity ?? 0) };
}

export async function replaceCart(
  db: Db,
  userId: string,
  lines: { productId: string; quantity: number }[],
  now: Date,
): Promise<void> {
  const existing: { product_id: string; added_at: Date }[] = await db('cart_items')
    .where({ user_id: userId })
    .select('product_id', 'added_at');
  const addedAt = new Map(existing.map((row) => [row.product_id, row.added_at]));
  await db('cart_items').where({ user_id: userId }).delete();
  if (lines.length === 0) return;
  await db('cart_items').insert(
    lines.map((line) => ({
      user_id: userId,
      product_id: line.productId,
      quantity: line.quantity,
      added_at: addedAt.get(line.productId) ?? now,
    })),
  );
}

export function clearCart(db: Db, userId: string) {
  return db('cart_items').where({ user_id: userId }).delete();
}

// The cart prices its lines from the catalogue's own product query.
export { selectProductsByAsins } from '../products/products.queries.js';
