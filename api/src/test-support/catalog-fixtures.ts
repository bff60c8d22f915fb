import { randomBytes } from 'node:crypto';

import type { Db } from '../database/connection.js';

/** An ASIN no other test uses. */
export function uniqueAsin(): string {
  return `B0${randomBytes(4).toString('hex').toUpperCase()}`;
}

export interface ProductFixture {
  asin: string;
  title: string;
  price: string | null;
  amazon_price: string | null;
}

/** Inserts active products (prices as given) and returns them. */
export async function insertProducts(
  db: Db,
  products: {
    title: string;
    price?: string | null;
    amazon_price?: string | null;
    category?: string;
    sku?: string | null;
    active?: boolean;
  }[],
): Promise<(ProductFixture & { id: string })[]> {
  const rows = products.map((product) => ({
    asin: uniqueAsin(),
    title: product.title,
    price: product.price === undefined ? '10.00' : product.price,
    amazon_price: product.amazon_price ?? null,
    category: product.category ?? 'Wound Care',
    sku: product.sku === undefined ? `SKU-${randomBytes(4).toString('hex').toUpperCase()}` : product.sku,
    active: product.active ?? true,
  }));
  return db('products').insert(rows).returning(['id', 'asin', 'title', 'price', 'amazon_price']);
}
