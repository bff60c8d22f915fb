import type { Product, ProductList, ProductListQuery } from '../../contracts/products.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import * as queries from './products.queries.js';

export function toProduct(row: queries.ProductRow): Product {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

export async function listActiveProducts(ctx: ServiceContext, query: ProductListQuery): Promise<ProductList> {
  const { rows, total } = await queries.selectActiveProducts(ctx.db, query);
  return { data: rows.map(toProduct), total, page: query.page, per_page: query.per_page };
}

/** The product page reads active products only; a deactivated product is 'Product not found'. */
export async function getActiveProduct(ctx: ServiceContext, asin: string): Promise<Product> {
  const row = await queries.selectProductByAsin(ctx.db, asin);
  if (!row || !row.active) throw AppError.notFound('Product not found', 'PRODUCT_NOT_FOUND');
  return toProduct(row);
}
