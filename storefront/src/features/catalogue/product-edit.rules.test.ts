import { describe, expect, it } from '@jest/globals';
import type { Product } from '@supply-hub/api/contracts';

import { ApiError } from '../../lib/api-client';
import { productEditSchema, productLinkHint, serverFieldErrors, toEditValues } from './product-edit.rules';

const product = {
  title: 'Gloves',
  description: null,
  price: '24.95',
  sku: 'G-1',
  vendor: null,
  category: null,
  product_url: null,
} as unknown as Product;

describe('the product edit form', () => {
  it('shows missing values as empty text', () => {
    expect(toEditValues(product)).toEqual({
      title: 'Gloves',
      description: '',
      price: '24.95',
      sku: 'G-1',
      vendor: '',
      category: '',
      product_url: '',
    });
  });

  it('refuses an empty title with the spec message and accepts the product as read', () => {
    const values = toEditValues(product);
    const refused = productEditSchema.safeParse({ ...values, title: ' ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Title is required');
    expect(productEditSchema.safeParse(values).success).toBe(true);
  });

  it('hints at a link that is not http(s)', () => {
    expect(productLinkHint('javascript:alert(1)')).toBe('Must start with http:// or https://');
    expect(productLinkHint('https://example.com/p')).toBeUndefined();
  });

  it('puts a duplicate SKU under the SKU field and keeps other field errors', () => {
    expect(serverFieldErrors(new ApiError(409, 'DUPLICATE_SKU', 'A product with this SKU already exists'))).toEqual({
      sku: 'A product with this SKU already exists',
    });
    expect(serverFieldErrors(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', { price: 'Bad price' }))).toEqual({
      price: 'Bad price',
    });
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
  });
});
