import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type Db = Knex;

// NUMERIC arrives as a string by default; money is read as text and converted where used,
// but BIGINT counts are safe as numbers at our scale.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Where Knex's own warnings go; without one they are dropped rather than printed with console.log. */
interface KnexLogSink {
  warn(message: string): void;
}

export function createDb(
  url: string,
  pool: { min?: number; max?: number } = {},
  sink?: KnexLogSink,
  applicationName = 'supply-hub',
  connectionOptions: { query_timeout?: number; keepAlive?: boolean } = {},
): Db {
  const forward = (message: unknown) => sink?.warn(String(message).split('\n')[0] ?? '');
  return knexFactory({
    log: { warn: forward, error: forward, deprecate: forward, debug: () => {} },
    client: 'pg',
    connection: { connectionString: url, application_name: applicationName, ...connectionOptions },
    pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    acquireConnectionTimeout: 10_000,
  });
}

/** Describes a database URL without its password, for logs and banners. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** The connection string a Db was made with (every Db here comes from createDb). */
export function connectionStringOf(db: Db): string {
  const connection = db.client.config.connection as { connectionString?: string };
  if (!connection.connectionString) throw new Error('this database handle was not made by createDb');
  return connection.connectionString;
}
