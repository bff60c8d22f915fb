import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '@supply-hub/api/contracts';

/** What the file itself must be: an image under 5 MB (the server checks again, by content). */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notAnImage;
  if (file.size >= IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** An upload onto a product also needs the product's SKU first (admin-portal §5). */
export function imageUploadProblem(file: File, sku: string | null | undefined): string | null {
  if (!sku?.trim()) return IMAGE_MESSAGES.skuRequired;
  return imageFileProblem(file);
}
