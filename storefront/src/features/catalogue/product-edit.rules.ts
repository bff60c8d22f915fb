import { productUpdateSchema, type Product, type ProductUpdateInput } from '@supply-hub/api/contracts';

import { isApiError } from '../../lib/api-client';
import type { FieldErrors } from '../../lib/form-errors';

/** The edit form's fields as typed (all text); the shared schema decides what they mean. */
export interface ProductEditValues {
  title: string;
  description: string;
  price: string;
  sku: string;
  vendor: string;
  category: string;
  product_url: string;
}

export type ProductEditField = keyof ProductEditValues;

export function toEditValues(product: Product): ProductEditValues {
  return {
    title: product.title,
    description: product.description ?? '',
    price: product.price ?? '',
    sku: product.sku ?? '',
    vendor: product.vendor ?? '',
    category: product.category ?? '',
    product_url: product.product_url ?? '',
  };
}

function toInput(values: ProductEditValues): ProductUpdateInput {
  const price = values.price.trim();
  return { ...values, price: price === '' ? null : Number(price) } as ProductUpdateInput;
}

/** admin-portal §5 product edit: the typed values checked with productUpdateSchema, as the body to send. */
export const productEditSchema = {
  safeParse: (values: ProductEditValues) => productUpdateSchema.safeParse(toInput(values)),
};

/** The product link as it is typed: the short inline hint of admin-portal §5. */
export function productLinkHint(productUrl: string): string | undefined {
  return productUpdateSchema.shape.product_url.safeParse(productUrl).success
    ? undefined
    : 'Must start with http:// or https://';
}

/** Field errors the server sent (400), or the duplicate SKU (409) under the SKU field. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  if (error.code === 'DUPLICATE_SKU') return { sku: error.message };
  return { ...error.errors };
}
