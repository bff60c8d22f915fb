import { isApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../../../lib/form-errors';

/** The server's own message for the red alert (provider-portal §8), with its field errors if any. */
export function describeAuthError(error: unknown): { message: string; errors: FieldErrors } {
  if (isApiError(error)) return { message: error.message, errors: { ...error.errors } };
  return { message: 'Something went wrong. Please try again.', errors: {} };
}
