import { types } from 'node:util';

/**
 * What of an error may reach a log line: its kind, code and message, never the stack, the SQL
 * text Knex prefixes to database errors, or values from the request.
 */
export function describeError(error: unknown): Record<string, unknown> {
  // isNativeError also knows errors made in another realm (node:net's, seen from a vm context).
  if (!(error instanceof Error) && !types.isNativeError(error)) return { type: typeof error };
  const withCode = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; routine?: unknown };
  const isDatabaseError = typeof withCode.routine === 'string';
  const message = isDatabaseError ? (error.message.split(' - ').at(-1) ?? '') : error.message;
  return {
    type: error.name,
    message: message.slice(0, 500),
    ...(typeof withCode.code === 'string' ? { code: withCode.code } : {}),
    ...(typeof withCode.constraint === 'string' ? { constraint: withCode.constraint } : {}),
    ...(typeof withCode.table === 'string' ? { table: withCode.table } : {}),
  };
}
