/**
 * LIKE patterns that match the user's text literally: PostgreSQL's default escape character is the
 * backslash, so a typed `\`, `%` or `_` is escaped and only the wildcards added here stay wild.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Matches values containing the text anywhere (search boxes). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Matches values starting with the text (a prefix filter such as the audit log's action). */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
