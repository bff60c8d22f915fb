/** One field's change for the audit log: what it was and what it became. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/**
 * The fields of `after` whose value differs from `before`'s, each as old → new; fields left out of
 * `after` (not sent) and fields sent unchanged are not changes, so the audit names only what moved.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const previous = before[field] ?? null;
    if (!isSameValue(previous, value)) changes[field] = { from: previous, to: value };
  }
  return changes;
}

/** Values compared as the database keeps them: numbers and decimal texts by amount, lists by content. */
function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const isNumeric = (value: unknown) =>
    typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value));
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  if (typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}
