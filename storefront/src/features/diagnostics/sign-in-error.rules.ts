import { describeSignInErrorCode } from '@supply-hub/api/contracts/sign-in-errors';

/** What a sign-in error link may put on screen as data: codes and descriptions are cut to these lengths. */
export const MAX_SHOWN_CODE_LENGTH = 60;
export const MAX_SHOWN_DETAILS_LENGTH = 300;

/** What a stored or URL error holds; every field can come from a link anyone wrote. */
export interface SignInErrorFields {
  error: string | null;
  error_description: string | null;
  error_code: string | null;
}

/** Cuts text to `max` characters (an ellipsis marks the cut) and folds control characters and line breaks. */
export function truncateForDisplay(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * The headline of a failed sign-in: the portal's own text for a code it sends (contracts/
 * sign-in-errors), else a neutral sentence. Never the description, which a crafted link controls.
 */
export function signInErrorHeadline(error: SignInErrorFields): string {
  return (
    describeSignInErrorCode(error.error) ??
    describeSignInErrorCode(error.error_code) ??
    'The sign-in did not complete. The identity provider sent an error this portal does not recognise.'
  );
}

/** The code as data (cut), or '(none)'. */
export function shownErrorCode(error: SignInErrorFields): string {
  const code = error.error_code ?? error.error;
  return code ? truncateForDisplay(code, MAX_SHOWN_CODE_LENGTH) : '(none)';
}

/** The raw description as data (cut), or null when there is none. */
export function shownErrorDetails(error: SignInErrorFields): string | null {
  return error.error_description ? truncateForDisplay(error.error_description, MAX_SHOWN_DETAILS_LENGTH) : null;
}
