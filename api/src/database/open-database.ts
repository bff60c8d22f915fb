import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { createDb, describeDatabaseUrl, type Db } from './connection.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrateToLatest } from './migrations.js';

export interface OpenDatabase {
  db: Db;
  description: string;
  isEmbedded: boolean;
  close(): Promise<void>;
  /** Shutdown has begun (the embedded database's folder tells a restarting server to wait). */
  markStopping(): void;
  /** The embedded PostgreSQL went away while in use; never called for DATABASE_URL. */
  onDatabaseLost(listener: (pid: number) => void): void;
}

export class DatabaseUnavailableError extends Error {}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR when it is unset,
 * then brings the schema up to date.
 */
export async function openDatabase(
  config: AppConfig,
  log: Logger,
  options: { owner: 'server' | 'cli'; migrate?: boolean } = { owner: 'server' },
): Promise<OpenDatabase> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, log, owner: options.owner, port: config.port });
  const url = config.databaseUrl ?? embedded?.url ?? '';
  const db = createDb(
    url,
    { max: options.owner === 'cli' ? 4 : 20 },
    { warn: (message) => log.warn({ source: 'knex' }, message) },
  );
  const description = embedded ? `embedded PostgreSQL in ${config.dataDir}` : describeDatabaseUrl(url);
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
  };
  try {
    await db.raw('SELECT 1');
  } catch (error) {
    await close();
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DatabaseUnavailableError(
      `Cannot reach the database at ${description}: ${reason} — check DATABASE_URL or that PostgreSQL is running`,
    );
  }
  if (options.migrate ?? true) {
    const applied = await migrateToLatest(db, { newDatabaseTimezone: config.companyTimezone }).catch(
      async (error: unknown) => {
        await close();
        throw error;
      },
    );
    if (applied.length > 0) log.info({ applied }, 'database migrations applied');
  }
  return {
    db,
    description,
    isEmbedded: Boolean(embedded),
    close,
    markStopping: () => embedded?.markStopping(),
    onDatabaseLost: (listener) => embedded?.onUnexpectedExit(listener),
  };
}
