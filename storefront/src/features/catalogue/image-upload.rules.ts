import { imageFileProblem } from '@supply-hub/api/contracts';

import { isApiError } from '../../lib/api-client';

/** Checks before sending (the server checks the content again): an image, under 5 MB. */
export function checkImageFile(file: File): string | null {
  return imageFileProblem(file);
}

/** The server's refusal (not an image, too large), else the spec's 'Upload failed'. */
export function describeUploadError(error: unknown): string {
  if (isApiError(error) && (error.status === 400 || error.status === 413)) return error.message;
  return 'Upload failed';
}
