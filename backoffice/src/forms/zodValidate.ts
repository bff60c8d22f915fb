import type { ValidateForm } from 'react-admin';

/** The part of a zod schema the form needs; structural, so that this file pulls no zod into a bundle. */
interface SafeParser {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[] };
      };
}

type Errors = Record<string, unknown>;

function setError(errors: Errors, path: readonly string[], message: string): void {
  const keys = path.length > 0 ? path : ['root'];
  let node = errors;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next === 'string') return; // the parent already has its message
    node = (node[key] = (next as Errors | undefined) ?? {}) as Errors;
  }
  node[keys[keys.length - 1] as string] ??= message;
}

/** react-admin turns an emptied input into null; the contracts read an empty text as missing. */
function emptyAsBlank(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === null ? '' : value]));
}

/**
 * A react-admin form-level `validate` from a shared contract schema (this app's zodResolver): the
 * first message per field, word for word from the contract. `missingMessages` names the text for a
 * field left empty where the contract has none of its own. The server applies the schema again.
 */
export function zodValidate(schema: SafeParser, missingMessages: Record<string, string> = {}): ValidateForm {
  return (values) => {
    const result = schema.safeParse(emptyAsBlank(values));
    if (result.success) return {};
    const errors: Errors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      const missing = issue.code === 'invalid_type' ? missingMessages[path.join('.')] : undefined;
      setError(errors, path, missing ?? issue.message);
    }
    return errors;
  };
}
