import type { Knex } from 'knex';

import { MIGRATIONS, type NamedMigration } from '../../../migrations/index.js';
import type { Db } from './connection.js';

const migrationSource: Knex.MigrationSource<NamedMigration> = {
  getMigrations: () => Promise.resolve([...MIGRATIONS]),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve(migration),
};

const migratorConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/** Applies every pending migration; returns the names applied. */
/** The migration that creates company_settings: applied now means the database is new. */
const SETTINGS_MIGRATION = '20261121000400_create_settings_and_integration';

/**
 * Applies the pending migrations. `newDatabaseTimezone` (COMPANY_TIMEZONE) is the timezone a new
 * database starts with; afterwards the company settings' timezone (back office → Settings) is the
 * one every report, budget period and job follows, and the variable changes nothing.
 */
export async function migrateToLatest(db: Db, options: { newDatabaseTimezone?: string } = {}): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migratorConfig)) as [number, string[]];
  if (options.newDatabaseTimezone && applied.includes(SETTINGS_MIGRATION)) {
    await db('company_settings').update({ timezone: options.newDatabaseTimezone });
  }
  return applied;
}

/** Rolls back the last batch, or every migration with `all`. */
export async function rollbackMigrations(db: Db, options: { all?: boolean } = {}): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(migratorConfig, options.all ?? false)) as [number, string[]];
  return reverted;
}

export async function listPendingMigrations(db: Db): Promise<string[]> {
  const [, pending] = (await db.migrate.list(migratorConfig)) as [unknown, NamedMigration[]];
  return pending.map((migration) => migration.name);
}
