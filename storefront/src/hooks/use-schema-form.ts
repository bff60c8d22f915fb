import { useState } from 'react';

import { fieldErrorsFromIssues, type FieldErrors } from '../lib/form-errors';

/** What the forms need of a contracts schema (zod's safeParse, which takes any values). */
interface FormSchema<Values, Parsed> {
  // A property, not a method: its parameter is then checked strictly against the form's values.
  safeParse: (
    values: Values,
  ) =>
    | { success: true; data: Parsed }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * A form checked with the API's own schema before anything is sent: the props of each text field
 * (its value, its change, its message, cleared as soon as it is edited) and, on submit, the parsed
 * input or undefined with every field's first message shown.
 */
export function useSchemaForm<Values extends { [Field in keyof Values]: string }, Parsed>(
  schema: FormSchema<NoInfer<Values>, Parsed>,
  initialValues: Values | (() => Values),
) {
  const [values, setValues] = useState(initialValues);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const fieldProps = (name: keyof Values & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((previous) => ({ ...previous, [name]: value }));
      setFieldErrors((previous) => ({ ...previous, [name]: undefined }));
    },
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name],
  });

  const parse = (): Parsed | undefined => {
    const parsed = schema.safeParse(values);
    setFieldErrors(parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues));
    return parsed.success ? parsed.data : undefined;
  };

  return { values, setValues, fieldProps, fieldErrors, setFieldErrors, parse };
}
