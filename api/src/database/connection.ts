import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type Db = Knex;

// NUMERIC arrives as a string by default; money is read as text and converted where used,
// but BIGINT counts are safe as numbers at our scale.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createDb(url: string, pool: { min?: number; max?: number } = {}): Db {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: 'supply-hub' },
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    acquireConnectionTimeout: 10_000,
  });
}

/** Describes a database URL without its password, for logs and banners. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}
