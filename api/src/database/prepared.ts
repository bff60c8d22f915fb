import { createHash } from 'node:crypto';

import type { Knex } from 'knex';

/*
 * Named prepared statements: PostgreSQL parses and plans such a statement once per connection
 * instead of at every execution (measured on the session lookup: 290 → 40 µs of database CPU per
 * request). The name is derived from the SQL text, so each distinct text is its own statement: use
 * them only for queries whose text takes a few shapes (not whereIn over lists of varying length).
 * A migration that changes the type of a column such a statement returns makes it fail on
 * connections opened before; the server restarts with every deployment, which opens new ones.
 */

const names = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 1000;

export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `sh_${createHash('sha1').update(sql).digest('base64url')}`;
    if (names.size < MAX_REMEMBERED_NAMES) names.set(sql, name);
  }
  return name;
}

/**
 * A raw query run as a prepared statement (the result is pg's, as for any raw query). Named by its
 * own text, so it is not compiled once more just for the name. A nested query, an identifier (??),
 * named bindings or a wrap() make the SQL differ from that text, so such a raw is named by its
 * compiled SQL (as is one with a list binding: rare, and cheaper to compile than to reason about).
 */
export function preparedRaw<Q extends Knex.Raw>(query: Q): Q {
  const { sql, bindings, _wrappedBefore, _wrappedAfter } = query as unknown as {
    sql: string;
    bindings: unknown;
    _wrappedBefore?: string;
    _wrappedAfter?: string;
  };
  const isOneShape =
    !sql.includes('??') &&
    _wrappedBefore === undefined &&
    _wrappedAfter === undefined &&
    Array.isArray(bindings) &&
    bindings.every(isPlainValue);
  return query.options({ name: statementName(isOneShape ? sql : query.toSQL().sql) }) as Q;
}

const PLAIN_VALUE_TYPES = new Set(['string', 'number', 'boolean', 'bigint']);

function isPlainValue(value: unknown): boolean {
  return value === null || PLAIN_VALUE_TYPES.has(typeof value) || value instanceof Date || Buffer.isBuffer(value);
}

/**
 * The rows of a SELECT built with the query builder, run as a prepared statement. The builder is
 * compiled once and its SQL run as raw, on the builder's own client (so inside its transaction).
 */
export async function preparedRows<Row>(query: Knex.QueryBuilder): Promise<Row[]> {
  const { sql, bindings } = query.toSQL();
  const raw = (query.client as Knex.Client).raw(sql, bindings as Knex.RawBinding[]) as Knex.Raw<{ rows: Row[] }>;
  const result = await raw.options({ name: statementName(sql) });
  return result.rows;
}
