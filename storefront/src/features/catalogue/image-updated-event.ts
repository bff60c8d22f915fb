import type { Product } from '@supply-hub/api/contracts';

/** The browser's own event for "a product image changed": the catalogue reloads on it (provider-portal §2). */
export const IMAGE_UPDATED_EVENT = 'image-updated';

export function announceImageUpdated(product: Product): void {
  window.dispatchEvent(new CustomEvent(IMAGE_UPDATED_EVENT, { detail: { asin: product.asin } }));
}
