/** Field name → first message, from zod issues (the contracts' schemas) or a server error body's `errors`. */
export type FieldErrors = Partial<Record<string, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
