import { imageUploadProblem, type Product } from '@supply-hub/api/contracts';

import { isApiError } from '../../lib/api-client';

/** Checks before sending (the server checks the content again): SKU first, an image, under 5 MB. */
export function checkImageFile(file: File, product: Pick<Product, 'sku'>): string | null {
  return imageUploadProblem(file, product.sku);
}

/** The server's refusal (not an image, too large, SKU missing), else the spec's 'Upload failed'. */
export function describeUploadError(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 413)) return error.message;
  return 'Upload failed';
}
