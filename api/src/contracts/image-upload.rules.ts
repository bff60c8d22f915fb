// The product-image rule of provider-portal §5 and admin-portal §5, for the API and both frontends.

/** 'Image must be less than 5MB': 5 MiB itself is refused; one byte less is the largest accepted. */
export const IMAGE_SIZE_LIMIT_BYTES = 5 * 1024 * 1024;
export const IMAGE_LARGEST_ACCEPTED_BYTES = IMAGE_SIZE_LIMIT_BYTES - 1;

export const IMAGE_MESSAGES = {
  notAnImage: 'Please select an image file',
  tooLarge: 'Image must be less than 5MB',
} as const;

export function isImageTooLarge(bytes: number): boolean {
  return bytes > IMAGE_LARGEST_ACCEPTED_BYTES;
}

/**
 * What the file must be, checked before sending: an image under 5 MB (the server checks the content).
 * Any product may have one, with or without a SKU: images are stored under generated names (docs/adr/0009).
 */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_MESSAGES.notAnImage;
  if (isImageTooLarge(file.size)) return IMAGE_MESSAGES.tooLarge;
  return null;
}
