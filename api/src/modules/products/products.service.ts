import type { Product, ProductList, ProductListQuery } from '../../contracts/products.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import * as queries from './products.queries.js';

export function toProduct(row: queries.ProductRow): Product {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** JSON text of a value of type T, sent as it is. */
export type JsonText<T> = string & { readonly json: T };

/** One catalogue page as the JSON of a ProductList, the products already serialised by the database. */
export async function listActiveProducts(ctx: ServiceContext, query: ProductListQuery): Promise<JsonText<ProductList>> {
  const { products, total } = await queries.selectActiveProductsJson(ctx.db, query);
  const page = { total, page: query.page, per_page: query.per_page };
  return `{"data":[${products.join(',')}],${JSON.stringify(page).slice(1)}` as JsonText<ProductList>;
}

/** The product page reads active products only; a deactivated product is 'Product not found'. */
export async function getActiveProduct(ctx: ServiceContext, asin: string): Promise<Product> {
  const row = await queries.selectProductByAsin(ctx.db, asin);
  if (!row || !row.active) throw AppError.notFound('Product not found', 'PRODUCT_NOT_FOUND');
  return toProduct(row);
}
